import { type LoadedContract, resolveRef, type SchemaNode } from "./contract-schemas";

type JsonType = "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";
const ALL: JsonType[] = ["string", "number", "integer", "boolean", "object", "array", "null"];

function isNode(value: unknown): value is SchemaNode {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value as JsonType;
}

/** The JSON types a schema node accepts (every type when it does not say). */
function acceptedTypes(node: SchemaNode, definitions: Record<string, SchemaNode>, depth = 0): Set<JsonType> {
  const resolved = resolveRef(node, definitions);
  if (depth > 10) return new Set(ALL);
  const union = [resolved.anyOf, resolved.oneOf].find(Array.isArray);
  if (union) {
    return new Set(union.filter(isNode).flatMap((b) => [...acceptedTypes(b, definitions, depth + 1)]));
  }
  if (typeof resolved.type === "string") return new Set([resolved.type as JsonType]);
  if (Array.isArray(resolved.type)) return new Set(resolved.type as JsonType[]);
  if ("const" in resolved) return new Set([jsonTypeOf(resolved.const)]);
  if (Array.isArray(resolved.enum)) return new Set(resolved.enum.map(jsonTypeOf));
  if (Array.isArray(resolved.allOf) || isNode(resolved.properties)) return new Set(["object"]);
  return new Set(ALL);
}

/** Every top-level argument's schemas, across the contract's variants. */
function argumentSchemas(contract: LoadedContract): Map<string, SchemaNode[]> {
  const variants = Array.isArray(contract.root.anyOf) ? contract.root.anyOf.filter(isNode) : [contract.root];
  const out = new Map<string, SchemaNode[]>();
  for (const variant of variants) {
    const properties = resolveRef(variant, contract.definitions).properties;
    if (!isNode(properties)) continue;
    for (const [name, schema] of Object.entries(properties)) {
      if (isNode(schema)) out.set(name, [...(out.get(name) ?? []), schema]);
    }
  }
  return out;
}

/**
 * Form and multipart bodies carry every argument as text: WebClient sends booleans as "true"/"false",
 * numbers as digits and objects/arrays (blocks, view, metadata, files) as JSON strings, and Slack reads them
 * back as the method's reference types them ("blocks: a JSON-based array of structured blocks, presented as
 * a URL-encoded string", https://docs.slack.dev/reference/methods/chat.postMessage). This reads them back
 * the same way, by the type the contract gives each argument, so that the typed contract can judge them.
 * Text that is none of the accepted types is left as it is, for the contract to refuse.
 */
export function decodeFormArguments(contract: LoadedContract, args: Record<string, unknown>) {
  const schemas = argumentSchemas(contract);
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    const accepted = new Set(
      (schemas.get(name) ?? []).flatMap((s) => [...acceptedTypes(s, contract.definitions)]),
    );
    out[name] = typeof value === "string" && !accepted.has("string") ? decodeText(value, accepted) : value;
  }
  return out;
}

function decodeText(text: string, accepted: Set<JsonType>): unknown {
  if (accepted.has("boolean") && (text === "true" || text === "false")) return text === "true";
  if (accepted.has("boolean") && (text === "1" || text === "0")) return text === "1";
  if ((accepted.has("number") || accepted.has("integer")) && /^-?\d+(\.\d+)?$/.test(text))
    return Number(text);
  if (accepted.has("object") || accepted.has("array")) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}
