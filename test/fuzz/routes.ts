import fs from 'node:fs';
import path from 'node:path';

/** Every route handler file under app/api, with its URL template and exported methods. */
export type RouteFile = {
  file: string;
  /** e.g. /api/users/[id]/cancel */
  template: string;
  /** Names of the dynamic segments, in order, with whether they are catch-all. */
  params: { name: string; catchAll: boolean }[];
};

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type Method = (typeof METHODS)[number];

export function discoverRoutes(root = path.join(process.cwd(), 'app', 'api')): RouteFile[] {
  const out: RouteFile[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('_')) walk(full);
      } else if (entry.name === 'route.ts') {
        const rel = path.relative(path.join(root, '..'), path.dirname(full)).split(path.sep);
        const template = '/' + rel.join('/');
        const params = rel
          .filter((seg) => seg.startsWith('['))
          .map((seg) => ({ name: seg.replace(/^\[+\.{0,3}|\]+$/g, ''), catchAll: seg.includes('...') }));
        out.push({ file: full, template, params });
      }
    }
  };
  walk(root);
  return out.sort((a, b) => a.template.localeCompare(b.template));
}
