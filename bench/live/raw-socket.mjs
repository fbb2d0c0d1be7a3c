// A minimal WebSocket client (RFC 6455) for the subscriber process of the live benchmark. At
// N = 1,000 that process takes in a million values a second (about 120 MB). A general client
// gets a fresh buffer for every socket read and joins every message into another one; that
// garbage made its collector run several full collections a second, each pausing every
// connection for up to 15 ms, and those pauses counted as the server's latency. Here all sockets
// read into one reused buffer, and a message is handed over in place when it arrived in one
// read, else joined in a buffer the connection keeps, so a steady run allocates nothing per
// message. A message is handed over once its last byte arrived, like any client would.
import crypto from 'node:crypto';
import net from 'node:net';

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
// Large enough for most batch records (about 120 KB at 1,000 values) to arrive in one read.
const READ_BUFFER = Buffer.allocUnsafe(256 * 1024);

/**
 * Opens a WebSocket to `url` (ws://host:port/path). `onMessage(data, start, end)` gets each
 * data message's payload as a byte range that is valid only during the call; `onClose(code,
 * reason)` is called once when the connection ends. Resolves once the upgrade is answered.
 */
export function openRawSocket(url, headers, onMessage, onClose) {
  const { hostname, port, pathname } = new URL(url);
  const key = crypto.randomBytes(16).toString('base64');
  const expected = crypto
    .createHash('sha1')
    .update(key + GUID)
    .digest('base64');
  return new Promise((resolve, reject) => {
    const conn = new Connection(onMessage, onClose);
    let upgraded = false;
    let response = '';
    const socket = net.connect({
      host: hostname,
      port: Number(port),
      onread: {
        buffer: READ_BUFFER,
        // Always the shared buffer; true keeps the socket reading.
        callback(nread) {
          if (upgraded) {
            conn.receive(READ_BUFFER, 0, nread);
            return true;
          }
          response += READ_BUFFER.toString('latin1', 0, nread);
          const end = response.indexOf('\r\n\r\n');
          if (end < 0) return true;
          const head = response.slice(0, end);
          const accept = /^sec-websocket-accept:\s*(\S+)/im.exec(head)?.[1];
          if (!head.startsWith('HTTP/1.1 101') || accept !== expected) {
            socket.destroy();
            reject(new Error(`upgrade refused: ${head.split('\r\n')[0]}`));
            return false;
          }
          upgraded = true;
          resolve(conn);
          // Frames that came with the answer.
          const rest = Buffer.from(response.slice(end + 4), 'latin1');
          if (rest.length > 0) conn.receive(rest, 0, rest.length);
          return true;
        },
      },
    });
    conn.socket = socket;
    socket.setNoDelay(true);
    // An error is followed by 'close'.
    socket.on('error', (error) => {
      if (!upgraded) reject(error);
    });
    socket.once('close', () => conn.ended());
    socket.once('connect', () => {
      const lines = [
        `GET ${pathname} HTTP/1.1`,
        `Host: ${hostname}:${port}`,
        'Upgrade: websocket',
        'Connection: Upgrade',
        `Sec-WebSocket-Key: ${key}`,
        'Sec-WebSocket-Version: 13',
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      ];
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    });
  });
}

class Connection {
  /** @type {net.Socket} */
  socket = null;
  closed = false;
  // Frame header being read (at most 14 bytes), then the payload's length and progress.
  head = Buffer.alloc(14);
  headLength = 0;
  payloadLength = 0;
  payloadRead = 0;
  opcode = 0;
  fin = false;
  // Where the payload starts in the current read.
  headEnd = 0;
  // A message that arrived in more than one read (or frame), joined here; grows as needed.
  message = Buffer.allocUnsafe(0);
  messageLength = 0;
  // Payload of a control frame (≤ 125 bytes).
  control = Buffer.alloc(125);
  closeCode = 1006;
  closeReason = '';

  constructor(onMessage, onClose) {
    this.onMessage = onMessage;
    this.onClose = onClose;
  }

  get open() {
    return !this.closed && this.socket.writable;
  }

  /** Sends a text message (masked, as a client must). */
  send(text) {
    if (!this.open) return;
    const payload = Buffer.from(text, 'utf8');
    const length = payload.length;
    const lengthBytes = length < 126 ? 0 : length < 65536 ? 2 : 8;
    const frame = Buffer.allocUnsafe(2 + lengthBytes + 4 + length);
    frame[0] = 0x81;
    if (lengthBytes === 0) frame[1] = 0x80 | length;
    else if (lengthBytes === 2) {
      frame[1] = 0x80 | 126;
      frame.writeUInt16BE(length, 2);
    } else {
      frame[1] = 0x80 | 127;
      frame.writeBigUInt64BE(BigInt(length), 2);
    }
    const maskAt = 2 + lengthBytes;
    crypto.randomFillSync(frame, maskAt, 4);
    for (let i = 0; i < length; i++) frame[maskAt + 4 + i] = payload[i] ^ frame[maskAt + (i & 3)];
    this.socket.write(frame);
  }

  /** Stops reading for good: the kernel's buffers fill, then the server's. */
  stopReading() {
    this.socket.pause();
  }

  terminate() {
    this.socket.destroy();
  }

  ended() {
    if (this.closed) return;
    this.closed = true;
    this.onClose(this.closeCode, this.closeReason);
  }

  /** Takes in bytes [from, to) of a read. */
  receive(data, from, to) {
    let at = from;
    while (at < to) {
      if (!this.readHead(data, at, to)) return;
      at = this.headEnd;
      const take = Math.min(to - at, this.payloadLength - this.payloadRead);
      if (this.opcode >= 8) {
        data.copy(this.control, this.payloadRead, at, at + take);
      } else if (
        this.fin &&
        this.messageLength === 0 &&
        this.payloadRead === 0 &&
        take === this.payloadLength
      ) {
        // The whole message in this read: hand it over where it lies.
        this.payloadRead = take;
        this.headLength = 0;
        this.onMessage(data, at, at + take);
        at += take;
        continue;
      } else {
        this.append(data, at, at + take);
      }
      this.payloadRead += take;
      at += take;
      if (this.payloadRead < this.payloadLength) return;
      this.headLength = 0;
      if (this.opcode >= 8) this.controlFrame();
      else if (this.fin) {
        const length = this.messageLength;
        this.messageLength = 0;
        this.onMessage(this.message, 0, length);
      }
    }
  }

  /** Reads the frame header from the bytes at `at`; false when more bytes are needed. */
  readHead(data, at, to) {
    // A frame whose payload continues in this read.
    if (this.headLength > 0 && this.headLength >= this.neededHead()) {
      this.headEnd = at;
      return true;
    }
    while (at < to) {
      this.head[this.headLength++] = data[at++];
      const needed = this.neededHead();
      if (this.headLength < needed) continue;
      const head = this.head;
      this.fin = (head[0] & 0x80) !== 0;
      const opcode = head[0] & 0x0f;
      if (opcode !== 0) this.opcode = opcode;
      const short = head[1] & 0x7f;
      this.payloadLength =
        short < 126 ? short : short === 126 ? head.readUInt16BE(2) : Number(head.readBigUInt64BE(2));
      this.payloadRead = 0;
      this.headEnd = at;
      return true;
    }
    return false;
  }

  /** Header bytes of the frame being read: 2, plus the extended length, plus a mask key. */
  neededHead() {
    if (this.headLength < 2) return 2;
    const short = this.head[1] & 0x7f;
    const masked = (this.head[1] & 0x80) !== 0;
    return 2 + (short === 126 ? 2 : short === 127 ? 8 : 0) + (masked ? 4 : 0);
  }

  append(data, from, to) {
    const needed = this.messageLength + (to - from);
    if (needed > this.message.length) {
      const grown = Buffer.allocUnsafe(Math.max(needed, 2 * this.message.length));
      this.message.copy(grown, 0, 0, this.messageLength);
      this.message = grown;
    }
    data.copy(this.message, this.messageLength, from, to);
    this.messageLength = needed;
  }

  controlFrame() {
    const payload = this.control.subarray(0, this.payloadLength);
    if (this.opcode === 0x9) this.sendControl(0x8a, payload);
    else if (this.opcode === 0x8) {
      if (payload.length >= 2) {
        this.closeCode = payload.readUInt16BE(0);
        this.closeReason = payload.toString('utf8', 2);
      }
      this.sendControl(0x88, payload.subarray(0, 2));
      this.socket.end();
    }
  }

  sendControl(first, payload) {
    if (!this.open) return;
    const frame = Buffer.allocUnsafe(6 + payload.length);
    frame[0] = first;
    frame[1] = 0x80 | payload.length;
    crypto.randomFillSync(frame, 2, 4);
    for (let i = 0; i < payload.length; i++) frame[6 + i] = payload[i] ^ frame[2 + (i & 3)];
    this.socket.write(frame);
  }
}
