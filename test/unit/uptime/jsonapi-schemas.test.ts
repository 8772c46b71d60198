// The official JSON:API 1.0 schemas check both directions: the hand-written fixtures are valid response
// documents, and the bodies the client sends are valid create/update documents.
import { readFileSync } from "node:fs";
import Ajv2020 from "ajv/dist/2020";
import { describe, expect, it } from "vitest";
import { createMonitorAttributes, updateMonitorAttributes } from "../../../src/uptime/resources/monitors";
import * as fx from "./fixtures";

const dir = new URL("../../fixtures/schemas/jsonapi-1.0/", import.meta.url);
const load = (name: string) => JSON.parse(readFileSync(new URL(name, dir), "utf8"));
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
ajv.addSchema(load("schema.json"));
const response = ajv.getSchema("https://jsonapi.org/schemas/spec/v1.0/draft")!;
const create = ajv.compile(load("schema_create_resource.json"));
const update = ajv.compile(load("schema_update_resource.json"));

describe("official JSON:API schemas", () => {
  it.each(Object.entries(fx))("fixture %s is a valid response document", (_name, doc) => {
    expect(response(doc), JSON.stringify(response.errors)).toBe(true);
  });

  it("create and update bodies are valid request documents", () => {
    const bodies = [
      {
        data: {
          type: "monitors",
          attributes: createMonitorAttributes({ kind: "http", name: "a", url: "https://a" }),
        },
      },
      {
        data: {
          type: "monitors",
          attributes: createMonitorAttributes({
            kind: "tcp_port",
            name: "b",
            host: "h",
            port: 1,
            group: null,
          }),
        },
      },
    ];
    for (const body of bodies)
      expect(create(JSON.parse(JSON.stringify(body))), JSON.stringify(create.errors)).toBe(true);
    const patch = {
      data: { type: "monitors", id: "3", attributes: updateMonitorAttributes({ name: "c", port: 2 }) },
    };
    expect(update(JSON.parse(JSON.stringify(patch))), JSON.stringify(update.errors)).toBe(true);
  });
});
