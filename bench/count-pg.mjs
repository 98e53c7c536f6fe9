// Loaded into the benchmarked server with --import (startApp's `preload`): counts what the process
// sends to PostgreSQL. Every socket write to the port in BENCH_PG_PORT is one write (one round trip
// at most: postgres.js sends a query's messages together and waits for the answer), and the
// frontend messages in it are parsed (1 type byte + int32 length that counts itself; the startup
// message has no type byte): 'B' (Bind) is one execution of an extended-protocol statement, 'Q' one
// simple query. On SIGUSR2 the totals go, synchronously, to the file named by BENCH_PG_COUNT_FILE
// as {seq, writes, statements, messages: {type: n}}; `seq` grows with every signal.
import fs from 'node:fs';
import net from 'node:net';
import { isMainThread } from 'node:worker_threads';

const port = Number(process.env.BENCH_PG_PORT);
const file = process.env.BENCH_PG_COUNT_FILE;

if (port && file && isMainThread) {
  const totals = { seq: 0, writes: 0, statements: 0, messages: {} };
  // Per socket: the bytes of a message still to come in later writes, a header cut between two
  // writes, and whether the next message is an untyped one (startup, or after an SSL/GSS request).
  const sockets = new WeakMap();
  const SSL_REQUEST = 80877103;
  const GSS_REQUEST = 80877104;

  const parse = (state, buf) => {
    let i = 0;
    while (i < buf.length) {
      if (state.skip > 0) {
        const n = Math.min(state.skip, buf.length - i);
        state.skip -= n;
        i += n;
        continue;
      }
      // Untyped: int32 length + int32 code (protocol version or request code); typed: byte + int32.
      const headLen = state.untyped ? 8 : 5;
      const take = Math.min(headLen - state.head.length, buf.length - i);
      state.head = state.head.length ? Buffer.concat([state.head, buf.subarray(i, i + take)]) : buf.subarray(i, i + take);
      i += take;
      if (state.head.length < headLen) {
        state.head = Buffer.from(state.head); // the header continues in the next write: keep a copy
        break;
      }
      let type;
      let rest;
      if (state.untyped) {
        const len = state.head.readInt32BE(0);
        const code = state.head.readInt32BE(4);
        type = code === SSL_REQUEST || code === GSS_REQUEST ? 'ssl-request' : 'startup';
        state.untyped = type === 'ssl-request';
        rest = len - 8;
      } else {
        type = String.fromCharCode(state.head[0]);
        rest = state.head.readInt32BE(1) - 4;
      }
      state.head = Buffer.alloc(0);
      state.skip = Math.max(0, rest);
      totals.messages[type] = (totals.messages[type] ?? 0) + 1;
      if (type === 'B' || type === 'Q') totals.statements++;
    }
  };

  const original = net.Socket.prototype._writeGeneric;
  net.Socket.prototype._writeGeneric = function (writev, data, encoding, cb) {
    // While connecting, the socket calls this again with the same data once connected: count then.
    if (!this.connecting && this.remotePort === port) {
      try {
        let state = sockets.get(this);
        if (!state) sockets.set(this, (state = { skip: 0, head: Buffer.alloc(0), untyped: true }));
        totals.writes++;
        for (const { chunk, encoding: enc } of writev ? data : [{ chunk: data, encoding }]) {
          parse(state, Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk, enc || 'utf8') : Buffer.from(chunk));
        }
      } catch {
        // counting must never break the server's own write
      }
    }
    return original.call(this, writev, data, encoding, cb);
  };

  process.on('SIGUSR2', () => {
    totals.seq++;
    fs.writeFileSync(file, JSON.stringify(totals));
  });
}
