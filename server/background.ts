import type { DbHandle } from '@/db/client';

export type Background = { stop: () => Promise<void> };

type Task = { name: string; stop: () => Promise<void> };

/**
 * Background work that runs inside server.ts next to the HTTP server: the order worker,
 * profile sync and mail delivery register here. `worker: false` (WORKER=0) keeps a node
 * serving HTTP only.
 */
export async function startBackground(handle: DbHandle, options: { worker: boolean }): Promise<Background> {
  const tasks: Task[] = [];
  void handle;
  void options;
  return {
    stop: async () => {
      for (const task of tasks.reverse()) await task.stop();
    },
  };
}
