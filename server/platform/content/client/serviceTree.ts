import type { ServiceNode } from '../../../../shared/content/contentApi.ts';
import { serviceTrail } from '../../../../shared/content/serviceTrail.ts';

type FlatService = Omit<ServiceNode, 'children'>;

/** Trees by the cached flat list they were built from; a refreshed list is a new key. */
const treeOf = new WeakMap<readonly FlatService[], readonly ServiceNode[]>();

/** The §2 services tree from the flat list (a parent is the path less its last slug), built once per cached list. */
export function serviceTree(flat: readonly FlatService[]): readonly ServiceNode[] {
  let tree = treeOf.get(flat);
  if (tree === undefined) {
    tree = buildTree(flat);
    treeOf.set(flat, tree);
  }
  return tree;
}

function buildTree(flat: readonly FlatService[]): ServiceNode[] {
  const byParent = new Map<string, FlatService[]>();
  for (const service of flat) {
    const parent = service.path.split('/').slice(0, -1).join('/');
    byParent.set(parent, [...(byParent.get(parent) ?? []), service]);
  }
  const nodes = (parent: string): ServiceNode[] =>
    (byParent.get(parent) ?? [])
      .sort((a, b) => a.order - b.order || a.path.localeCompare(b.path, 'ru-RU'))
      .map((service) => ({ ...service, children: nodes(service.path) }));
  return nodes('');
}

/** The direct sub-services of `path` in the tree (none when the tree does not hold it). */
export function childrenOf(tree: readonly ServiceNode[], path: string): readonly ServiceNode[] {
  return serviceTrail(tree, path).at(-1)?.children ?? [];
}
