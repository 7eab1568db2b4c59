export function BatchUpload() {
  return null;
}
