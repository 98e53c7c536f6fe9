import 'server-only';
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import type { Db } from '@/db/client';
import { verifyToken } from '@/lib/auth/tokens';
import { isAdminSession } from '@/lib/auth/is-admin-session';
import { logger } from '@/lib/logger';
import { ADMIN_ROOM, setIo, userRoom } from './emit';

/**
 * Socket.IO on the app's own HTTP server at /socket.io/ (§7 "Real-time socket").
 * A client authenticates with its token in the handshake (`auth.token` or `query.token`) or with
 * the `authenticate` event, and is answered `authenticated` or `auth_error`. An authenticated
 * socket joins its user's room only, so it never receives another user's events.
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
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', (err) => logger.error({ err }, 'socket.io adapter pool error'));
  io.adapter(createAdapter(pool, { heartbeatInterval: 5000, heartbeatTimeout: 10000 }));
  pools.set(io, pool);
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
    if (previous && previous !== user.id) await socket.leave(userRoom(previous));
    socket.data.userId = user.id;
    await socket.join(userRoom(user.id));
    // The admin room is for admin-login tokens only (§6), like the /rooting pages.
    if (isAdminSession(user)) await socket.join(ADMIN_ROOM);
    else await socket.leave(ADMIN_ROOM);
    socket.emit('authenticated', { userId: user.id });
  } catch (err) {
    logger.error({ err }, 'socket authentication failed');
    socket.emit('auth_error', { message: 'authentication failed' });
  }
}
