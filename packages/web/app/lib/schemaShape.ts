import { RuleSetSchema } from '@zilch/engine';

/** The little of a zod 4 schema the rule editor reads: its kind, description and parts. */
export interface SchemaNode {
  kind: string;
  description?: string;
  inner?: SchemaNode;
  shape?: Record<string, SchemaNode>;
  options?: string[];
}

interface ZodLike {
  description?: string;
  def: {
    type: string;
    innerType?: ZodLike;
    shape?: Record<string, ZodLike>;
    entries?: Record<string, string>;
  };
}

function node(z: ZodLike): SchemaNode {
  const d = z.def;
  const inner = d.innerType ? node(d.innerType) : undefined;
  return {
    kind: d.type,
    description: z.description ?? inner?.description,
    inner,
    shape: d.shape
      ? Object.fromEntries(Object.entries(d.shape).map(([k, v]) => [k, node(v)]))
      : undefined,
    options: d.entries ? Object.values(d.entries) : undefined,
  };
}

/** Every field of the RuleSet with its kind and the description the engine's schema gives it. */
export function ruleFields(): Record<string, SchemaNode> {
  return node(RuleSetSchema as unknown as ZodLike).shape ?? {};
}
