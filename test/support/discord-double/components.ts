/** Loose view of a message component: enough to walk the tree and find interactive parts. */
export interface ComponentNode {
  type: number;
  custom_id?: string;
  disabled?: boolean;
  style?: number;
  components?: ComponentNode[];
  accessory?: ComponentNode;
  component?: ComponentNode;
  options?: { value: string }[];
  min_values?: number;
  max_values?: number;
  [key: string]: unknown;
}

/**
 * Every component in a tree, depth first. Action rows and containers nest through
 * `components`, sections through `accessory`, and modal labels through `component`.
 */
export function* walkComponents(components: readonly unknown[]): Generator<ComponentNode> {
  for (const raw of components) {
    const node = raw as ComponentNode;
    yield node;
    if (node.components) yield* walkComponents(node.components);
    if (node.accessory) yield* walkComponents([node.accessory]);
    if (node.component) yield* walkComponents([node.component]);
  }
}

export function findComponent(components: readonly unknown[], customId: string): ComponentNode | undefined {
  for (const node of walkComponents(components)) {
    if (node.custom_id === customId) return node;
  }
  return undefined;
}
