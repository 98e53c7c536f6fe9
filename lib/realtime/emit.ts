import 'server-only';
import type { Server } from 'socket.io';

/**
 * The Socket.IO server lives in server.ts; route handlers and the worker reach it through
 * globalThis because Next.js bundles its own copy of this module.
 */
type Global = typeof globalThis & { __etkIo?: Server };
const g = globalThis as Global;

export function setIo(io: Server | undefined): void {
  g.__etkIo = io;
}

export function getIo(): Server | undefined {
  return g.__etkIo;
}

export const userRoom = (userId: number) => `user:${userId}`;

/** Sends an event to every socket of one user, on this node and (with the adapter) on the others. */
export function emitToUser(userId: number, event: string, payload: unknown): void {
  g.__etkIo?.to(userRoom(userId)).emit(event, payload);
}
