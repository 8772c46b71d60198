import { readFileSync } from "node:fs";
import type { ErrorObject, ValidateFunction } from "ajv";
import { compileValidators } from "./compiled-validators";
import { CONTRACT_TYPES, type ContractName } from "./contract-types";

/** A JSON Schema node as ts-json-schema-generator writes them (draft-07, definitions, $ref, anyOf). */
export type SchemaNode = Record<string, unknown>;

/** Where tools/generate-slack-contracts.ts writes the schemas (committed fixtures, read at run time). */
export const CONTRACTS_DIR = new URL("../../../../test/fixtures/slack-web-api/", import.meta.url);

export interface LoadedContract {
  /** The generated file as committed, `x-source` (package, type, versions) included. */
  file: SchemaNode;
  definitions: Record<string, SchemaNode>;
  /** The contract's own definition (its `$ref` target): an object, or an anyOf of argument variants. */
  root: SchemaNode;
  /** One validator per top-level variant (one when the type is not a union). */
  variants: ValidateFunction[];
}

function isNode(value: unknown): value is SchemaNode {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function resolveRef(node: SchemaNode, definitions: Record<string, SchemaNode>): SchemaNode {
  let current = node;
  for (let hops = 0; typeof current.$ref === "string" && hops < 20; hops++) {
    const name = decodeURIComponent(current.$ref.replace(/^#\/definitions\//, ""));
    const target = definitions[name];
    if (!target) return current;
    current = target;
  }
  return current;
}

/** The object schemas a union stands for, nested unions and $refs followed. */
function unionLeaves(node: SchemaNode, definitions: Record<string, SchemaNode>, depth = 0): SchemaNode[] {
  const resolved = resolveRef(node, definitions);
  if (Array.isArray(resolved.anyOf) && depth < 5) {
    return resolved.anyOf.filter(isNode).flatMap((b) => unionLeaves(b, definitions, depth + 1));
  }
  return [resolved];
}

function typeConst(leaf: SchemaNode): string | undefined {
  const props = isNode(leaf.properties) ? leaf.properties : undefined;
  const type = props && isNode(props.type) ? props.type : undefined;
  return typeof type?.const === "string" ? type.const : undefined;
}

/** JSON Schema's if/then, built without an object literal holding `then` (it would be a thenable). */
function ifThen(condition: SchemaNode, consequence: unknown): SchemaNode {
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's keyword; the object is data for Ajv, never awaited.
  return { if: condition, then: consequence };
}

/**
 * Block Kit unions (blocks, elements, text objects, views) are anyOfs of objects told apart by `type`. Ajv
 * reports a failed anyOf with the errors of every branch, so a section block with one wrong field would be
 * reported as thirty wrong blocks. Rewritten as "if type is X then X's schema" (and "any other type: the
 * generic Block" where @slack/types allows one), a problem is reported once, against the block it is in.
 * The accepted values are unchanged.
 */
export function discriminateUnions(node: unknown, definitions: Record<string, SchemaNode>): unknown {
  if (Array.isArray(node)) return node.map((n) => discriminateUnions(n, definitions));
  if (!isNode(node)) return node;
  const out: SchemaNode = {};
  for (const [key, value] of Object.entries(node)) out[key] = discriminateUnions(value, definitions);
  if (!Array.isArray(node.anyOf)) return out;
  const leaves = unionLeaves(node, definitions);
  const untagged = leaves.filter((leaf) => typeConst(leaf) === undefined);
  // Several leaves may share a tag (an image block is "image_url and alt_text" or "slack_file and alt_text").
  const byTag = new Map<string, SchemaNode[]>();
  for (const leaf of leaves) {
    const tag = typeConst(leaf);
    if (tag !== undefined) byTag.set(tag, [...(byTag.get(tag) ?? []), leaf]);
  }
  const objects = leaves.every((leaf) => leaf.type === "object");
  if (!objects || byTag.size < 2 || untagged.length > 1) return out;
  const branch = (group: SchemaNode[]) =>
    group.length === 1
      ? discriminateUnions(group[0], definitions)
      : { anyOf: discriminateUnions(group, definitions) };
  const tags = [...byTag.keys()];
  const { anyOf: _anyOf, ...rest } = out;
  return {
    ...rest,
    type: "object",
    required: ["type"],
    ...(untagged.length === 0 ? { properties: { type: { enum: tags } } } : {}),
    allOf: [
      ...[...byTag].map(([tag, group]) =>
        ifThen({ properties: { type: { const: tag } }, required: ["type"] }, branch(group)),
      ),
      ...untagged.map((leaf) =>
        ifThen({ properties: { type: { not: { enum: tags } } }, required: ["type"] }, branch([leaf])),
      ),
    ],
  };
}

const cache = new Map<ContractName, LoadedContract>();

/** The contract's schema and validators, loaded once per process (compiled-validators.ts caches them). */
export function loadContract(name: ContractName): LoadedContract {
  const kept = cache.get(name);
  if (kept) return kept;
  const file = JSON.parse(readFileSync(new URL(`${name}.schema.json`, CONTRACTS_DIR), "utf8")) as SchemaNode;
  const rawDefinitions = (file.definitions ?? {}) as Record<string, SchemaNode>;
  const definitions = discriminateUnions(rawDefinitions, rawDefinitions) as Record<string, SchemaNode>;
  // The type's definition, past aliases (UsergroupsListArguments is a $ref to OptionalArgument<...>); the
  // $ref strings are kept as the generator encoded them.
  let ref = `#/definitions/${CONTRACT_TYPES[name].type}`;
  let root = definitions[CONTRACT_TYPES[name].type];
  for (let hops = 0; root && typeof root.$ref === "string" && hops < 20; hops++) {
    ref = root.$ref;
    root = definitions[decodeURIComponent(ref.replace(/^#\/definitions\//, ""))];
  }
  if (!root) throw new Error(`${name}.schema.json has no definition for ${ref}: regenerate the contracts`);
  const refs = Array.isArray(root.anyOf) ? root.anyOf.map((_, i) => `${ref}/anyOf/${i}`) : [ref];
  const variants = compileValidators(name, definitions, refs);
  const loaded = { file, definitions, root, variants };
  cache.set(name, loaded);
  return loaded;
}

/** How badly a variant misfits: a wrong set of top-level arguments outweighs any number of deeper problems. */
function misfit(errors: readonly ErrorObject[]): number {
  const topLevel = errors.filter((e) => e.instancePath === "").length;
  return topLevel * 1000 + errors.length;
}

/**
 * Validates against the variant that fits best: a chat.postMessage with blocks is judged as the
 * "channel and blocks" variant (its blocks' problems reported), not as the text-only variant that has no
 * `blocks` argument, and once, not once per authorship/threading variant.
 */
export function validateContract(name: ContractName, value: unknown): ErrorObject[] {
  let best: ErrorObject[] | undefined;
  for (const validate of loadContract(name).variants) {
    if (validate(value)) return [];
    const errors = (validate.errors ?? []).filter((e) => e.keyword !== "if");
    if (!best || misfit(errors) < misfit(best)) best = errors;
  }
  return best ?? [];
}
