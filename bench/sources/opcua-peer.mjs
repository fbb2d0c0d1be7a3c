// The OPC UA server of the benchmark in its own process: N Double variables ns=1;s=v<i>, every
// one of them changing once a second. Prints "ready" when it listens.
// Usage: node opcua-peer.mjs '<json options>'
import { DataType, StatusCodes, Variant } from 'node-opcua-client';
import { OPCUACertificateManager } from 'node-opcua-certificate-manager';
import { OPCUAServer } from 'node-opcua-server';

const o = JSON.parse(process.argv[2]);
const server = new OPCUAServer({
  port: o.port,
  host: '127.0.0.1',
  hostname: '127.0.0.1',
  resourcePath: '/UA/Bench',
  serverCertificateManager: new OPCUACertificateManager({
    rootFolder: o.pki,
    automaticallyAcceptUnknownCertificate: true,
  }),
});
await server.initialize();
const addressSpace = server.engine.addressSpace;
const ns = addressSpace.getOwnNamespace();
const folder = ns.addFolder(addressSpace.rootFolder.objects, { browseName: 'Bench' });
const nodes = Array.from({ length: o.variables }, (_, i) =>
  ns.addVariable({ componentOf: folder, nodeId: `s=v${i}`, browseName: `v${i}`, dataType: 'Double' }),
);
let tick = 0;
const update = () => {
  tick++;
  const at = new Date();
  for (const [i, node] of nodes.entries())
    node.setValueFromSource(
      new Variant({ dataType: DataType.Double, value: tick + i / 1e6 }),
      StatusCodes.Good,
      at,
    );
};
update();
setInterval(update, o.everyMs ?? 1000);
await server.start();
process.stdout.write('ready\n');
process.on('SIGTERM', async () => {
  await server.shutdown(0);
  process.exit(0);
});
