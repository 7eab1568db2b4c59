// Entry of the Electron utility process that runs the service, so a long import or backup never
// freezes the window. The main process starts it with the options in CARGODESK_SERVICE.
import type {} from 'electron'; // types of process.parentPort
import { SERVICE_ENV, type ServiceOptions, type ToService } from './protocol.js';
import { ServiceHost } from './service-host.js';

const parent = process.parentPort;
const host = new ServiceHost((message) => parent.postMessage(message));
parent.on('message', (event) => {
  void host.handle(event.data as ToService);
});
await host.start(JSON.parse(process.env[SERVICE_ENV] ?? '{}') as ServiceOptions);
