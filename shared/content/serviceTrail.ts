import type { ServiceNode } from './contentApi.ts';

/** The services from the top of the tree down to `path`, for breadcrumbs; empty when the tree lacks it. */
export function serviceTrail(tree: readonly ServiceNode[], path: string): readonly ServiceNode[] {
  for (const node of tree) {
    if (node.path === path) return [node];
    if (path.startsWith(`${node.path}/`)) {
      const below = serviceTrail(node.children, path);
      if (below.length > 0) return [node, ...below];
    }
  }
  return [];
}
