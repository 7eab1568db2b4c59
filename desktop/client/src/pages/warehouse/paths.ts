// The API paths of the warehouse lists, without any code of the pages: the entry's page registry
// (pages.ts) names the list a page shows first, so it is requested at start (main.tsx).
export const WAREHOUSES_PATH = '/inventory/warehouses';
export const PICKUP_PATH = '/apply-delivery';
export const OUTBOUND_PATH = '/delivery-details';
