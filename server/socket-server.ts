import 'server-only';
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import type { Db } from '@/db/client';
import { verifyToken, isAdminSession } from '@/lib/domain/credentials';
import { logger } from '@/logger';
import { createRepeatGate, errorKind } from '@/lib/infra/log-repeats';
import { ADMIN_ROOM, sessionRoom, setIo, userRoom } from '@/lib/infra/realtime/emit';

/**
 * Socket.IO on the app's own HTTP server at /socket.io/ (§7 "Real-time socket").
 * A client authenticates with its token in the handshake (`auth.token` or `query.token`) or with
 * the `authenticate` event, and is answered `authenticated` or `auth_error`. An authenticated
 * socket joins its user's room and its login's room only, so it never receives another user's
 * events, and disconnectSessions() can end it when its session ends.
 */
export function attachSocketServer(httpServer: HttpServer, db: Db, options: { databaseUrl?: string } = {}): Server {
  const io = new Server(httpServer, {
    path: '/socket.io/',
    serveClient: false,
    // Other upgrade requests (Next's dev HMR) are passed on by server.ts, not destroyed here.
    destroyUpgrade: false,
    transports: ['websocket', 'polling'],
    pingTimeout: 20000,
  });

  io.on('connection', (socket) => {
    const handshakeToken = tokenFrom(socket.handshake.auth?.token) ?? tokenFrom(socket.handshake.query?.token);
    if (handshakeToken) void authenticate(db, socket, handshakeToken);
    socket.on('authenticate', (payload: unknown) => {
      const token = tokenFrom(payload) ?? tokenFrom((payload as { token?: unknown } | null)?.token);
      void authenticate(db, socket, token);
    });
  });

  if (options.databaseUrl) attachClusterAdapter(io, options.databaseUrl);
  setIo(io);
  return io;
}

/**
 * Several server nodes on one PostgreSQL (ARCHITECTURE.md "Scale-out"): events emitted on one
 * node reach sockets connected to another through LISTEN/NOTIFY. The adapter needs a `pg` pool,
 * used for nothing else.
 */
function attachClusterAdapter(io: Server, databaseUrl: string): void {
  // Named, so an operator can tell these connections apart in pg_stat_activity.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2, application_name: ADAPTER_APPLICATION_NAME });
  const gate = createRepeatGate();
  const warn = (err: Error, message: string) => {
    const seen = gate(`${message}|${errorKind(err)}`);
    if (seen.log) logger.warn({ err, ...(seen.repeated ? { repeatedSinceLastLogged: seen.repeated } : {}) }, message);
  };
  pool.on('error', (err) => warn(err, 'socket.io adapter: an idle connection was lost'));
  io.adapter(createAdapter(listenerSafePool(pool, warn), { heartbeatInterval: 5000, heartbeatTimeout: 10000 }));
  pools.set(io, pool);
}

export const ADAPTER_APPLICATION_NAME = 'etk-socket-adapter';

/**
 * The pool as the adapter should see it. @socket.io/postgres-adapter 0.5 checks out one client
 * for LISTEN and, when PostgreSQL drops it (a restart, a failover), only waits for its `end` to
 * check out another: it neither listens for the client's `error` (an uncaught exception in the
 * node) nor gives the client back (the pool of two keeps counting it, so after one restart every
 * publish waited for ever, piling up, and other nodes heard nothing). Here a checked-out client
 * that fails or ends goes back to the pool as broken, once.
 */
function listenerSafePool(pool: pg.Pool, warn: (err: Error, message: string) => void): pg.Pool {
  const connect = async (): Promise<pg.PoolClient> => {
    const client = await pool.connect();
    const release = client.release.bind(client);
    let released = false;
    const giveBack = (err?: Error | boolean) => {
      if (released) return;
      released = true;
      release(err);
    };
    client.release = giveBack;
    client.on('error', (err) => {
      warn(err, 'socket.io adapter: the LISTEN connection was lost; it reconnects');
      giveBack(err);
    });
    client.on('end', () => giveBack(new Error('connection ended')));
    return client;
  };
  return new Proxy(pool, {
    get(target, prop) {
      if (prop === 'connect') return connect;
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

const pools = new WeakMap<Server, pg.Pool>();

/** Closes the Socket.IO server and, on PostgreSQL, the adapter's pool. */
export async function closeSocketServer(io: Server): Promise<void> {
  await io.close();
  await pools.get(io)?.end().catch(() => {});
}

function tokenFrom(value: unknown): string | undefined {
  if (Array.isArray(value)) value = value[0];
  return typeof value === 'string' && value.length > 0 && value.length <= 4096 ? value : undefined;
}

async function authenticate(db: Db, socket: Socket, token: string | undefined): Promise<void> {
  try {
    const user = token ? await verifyToken(db, token) : null;
    if (!user) {
      socket.emit('auth_error', { message: 'invalid token' });
      return;
    }
    const previous = socket.data.userId as number | undefined;
    const previousSid = socket.data.sid as string | undefined;
    if (previous && previous !== user.id) await socket.leave(userRoom(previous));
    if (previousSid && previousSid !== user.sid) await socket.leave(sessionRoom(previousSid));
    socket.data.userId = user.id;
    socket.data.sid = user.sid;
    // The rooms disconnectSessions() ends: the account's and the login's (issue #14).
    await socket.join(userRoom(user.id));
    if (user.sid) await socket.join(sessionRoom(user.sid));
    // The admin room is for admin-login tokens only (§6), like the /rooting pages.
    if (isAdminSession(user)) await socket.join(ADMIN_ROOM);
    else await socket.leave(ADMIN_ROOM);
    // A session ended between the check above and joining the rooms missed this socket: check
    // again now that it is in them, so it is either refused here or reached by the disconnect.
    if (!(await verifyToken(db, token))) {
      socket.emit('auth_error', { message: 'invalid token' });
      socket.disconnect(true);
      return;
    }
    socket.emit('authenticated', { userId: user.id });
  } catch (err) {
    logger.error({ err }, 'socket authentication failed');
    socket.emit('auth_error', { message: 'authentication failed' });
  }
}
