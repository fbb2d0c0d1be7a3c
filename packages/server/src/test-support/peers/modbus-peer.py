"""A Modbus TCP device for tests: Debian's pymodbus server, driven over stdin.

Usage: modbus-peer.py '<json config>'
  config: {"port": 5020, "units": [1], "tables": {"holding": {"count": 1000} | {"addresses": [0, 1, 7]}, ...}}
  A table with "addresses" holds only those registers (a read of another answers exception 02).
  "churn": {"table": "holding", "count": 1000, "everyMs": 1000} gives those registers new random
  values at that interval (a busy device, for benchmarks).
stdin, one JSON object per line; each answered by one JSON line on stdout:
  {"op": "set", "unit": 1, "table": "holding", "address": 0, "values": [1, 2]}   -> {"ok": true}
  {"op": "get", "unit": 1, "table": "coil", "address": 0, "count": 2}            -> {"ok": true, "values": [...]}
The first line on stdout is {"listening": <port>}.
"""
import asyncio
import json
import random
import sys

from pymodbus.datastore import (
    ModbusSequentialDataBlock,
    ModbusServerContext,
    ModbusSlaveContext,
    ModbusSparseDataBlock,
)
from pymodbus.server import StartAsyncTcpServer

FUNCTION = {"coil": 1, "discrete": 2, "holding": 3, "input": 4}
STORE = {"coil": "co", "discrete": "di", "holding": "hr", "input": "ir"}


def block(spec, table):
    zero = False if table in ("coil", "discrete") else 0
    if "addresses" in spec:
        return ModbusSparseDataBlock({a: zero for a in spec["addresses"]})
    return ModbusSequentialDataBlock(spec.get("start", 0), [zero] * spec["count"])


def unit_context(tables):
    kwargs = {STORE[name]: block(spec, name) for name, spec in tables.items()}
    return ModbusSlaveContext(zero_mode=True, **kwargs)


def answer(context, line):
    request = json.loads(line)
    store = context[request.get("unit", 1)]
    fc = FUNCTION[request["table"]]
    if request["op"] == "set":
        store.setValues(fc, request["address"], request["values"])
        return {"ok": True}
    if request["op"] == "get":
        values = store.getValues(fc, request["address"], request.get("count", 1))
        return {"ok": True, "values": [v if isinstance(v, bool) else int(v) for v in values]}
    return {"ok": False, "error": "unknown op"}


async def commands(context):
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    while True:
        line = await reader.readline()
        if not line:
            loop.stop()
            return
        try:
            reply = answer(context, line)
        except Exception as error:  # noqa: BLE001 - reported to the test
            reply = {"ok": False, "error": str(error)}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


async def churn(context, units, spec):
    fc = FUNCTION[spec["table"]]
    while True:
        await asyncio.sleep(spec.get("everyMs", 1000) / 1000)
        for unit in units:
            context[unit].setValues(fc, spec.get("start", 0), [random.randrange(0, 65536) for _ in range(spec["count"])])


async def main():
    config = json.loads(sys.argv[1])
    units = {unit: unit_context(config["tables"]) for unit in config.get("units", [1])}
    context = ModbusServerContext(slaves=units, single=False)
    server = await StartAsyncTcpServer(
        context=context, address=("127.0.0.1", config["port"]), defer_start=True, allow_reuse_address=True
    )
    asyncio.ensure_future(commands(context))
    if "churn" in config:
        asyncio.ensure_future(churn(context, list(units), config["churn"]))
    task = asyncio.ensure_future(server.serve_forever())
    while server.server is None:
        await asyncio.sleep(0.01)
    sys.stdout.write(json.dumps({"listening": config["port"]}) + "\n")
    sys.stdout.flush()
    await task


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except (KeyboardInterrupt, RuntimeError):
        pass
