// The official JSON:API 1.0 schema (test/fixtures/schemas/jsonapi-1.0, Ajv 2020 build), compiled once.
import { readFileSync } from "node:fs";
import Ajv2020 from "ajv/dist/2020";

const schema = JSON.parse(
  readFileSync(new URL("../fixtures/schemas/jsonapi-1.0/schema.json", import.meta.url), "utf8"),
) as object;
const ajv = new Ajv2020({ strict: false, allErrors: true });
// The schema gives links format "uri"; checked as absolute URLs without pulling in ajv-formats.
ajv.addFormat("uri", (s: string) => {
  try {
    return new URL(s).protocol.length > 0;
  } catch {
    return false;
  }
});
const validate = ajv.compile(schema);

/** null when `doc` is a valid JSON:API 1.0 document, else Ajv's error text. */
export function jsonApiErrors(doc: unknown): string | null {
  return validate(doc) ? null : ajv.errorsText(validate.errors);
}
