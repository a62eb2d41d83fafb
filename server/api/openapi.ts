import { z } from "zod";
import { toSnake } from "./case.ts";
import type { ApiRoute, MultipartSpec } from "./define.ts";
import { ZApiError } from "./responses.ts";

type JsonSchema = Record<string, unknown>;

/** JSON Schema with property names as they travel: snake_case. */
function snakeSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(snakeSchema);
  if (!schema || typeof schema !== "object") return schema;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === "properties" && v && typeof v === "object") {
      out[k] = Object.fromEntries(Object.entries(v).map(([p, s]) => [toSnake(p), snakeSchema(s)]));
    } else if (k === "required" && Array.isArray(v)) {
      out[k] = v.map((p) => (typeof p === "string" ? toSnake(p) : p));
    } else if (k === "$schema") {
      // OpenAPI 3.1 documents carry the dialect once, at the top.
    } else {
      out[k] = snakeSchema(v);
    }
  }
  return out;
}

function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  return snakeSchema(z.toJSONSchema(schema, { io, unrepresentable: "any" })) as JsonSchema;
}

const ERROR_CONTENT = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };

/** Files as OpenAPI 3.1 describes uploads: binary strings, with the accepted types per part. */
function multipartBody(spec: MultipartSpec) {
  const names = Object.keys(spec.files);
  return {
    required: true,
    description: `multipart/form-data of at most ${spec.maxBytes} bytes`,
    content: {
      "multipart/form-data": {
        schema: {
          type: "object",
          properties: Object.fromEntries(
            names.map((name) => [
              name,
              {
                type: "string",
                format: "binary",
                contentMediaType: "application/octet-stream",
                description: spec.files[name]!.description,
              },
            ]),
          ),
          required: names,
        },
        encoding: Object.fromEntries(
          names.map((name) => [name, { contentType: spec.files[name]!.contentTypes.join(", ") }]),
        ),
      },
    },
  };
}

export function buildOpenApi(routes: ApiRoute[], serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const parameters: unknown[] = [];
    for (const m of r.path.matchAll(/\{([a-z_]+)\}/g)) {
      parameters.push({ name: m[1], in: "path", required: true, schema: { type: "string" } });
    }
    if (r.query) {
      const qs = jsonSchema(r.query, "input") as {
        properties?: Record<string, unknown>;
        required?: string[];
      };
      for (const [name, schema] of Object.entries(qs.properties ?? {})) {
        const isArray = (schema as { type?: string }).type === "array";
        parameters.push({
          name: isArray ? `${name}[]` : name,
          in: "query",
          required: qs.required?.includes(name) ?? false,
          schema,
        });
      }
    }
    for (const [name, description] of Object.entries(r.headers ?? {})) {
      parameters.push({ name, in: "header", required: true, description, schema: { type: "string" } });
    }
    const responses: Record<string, unknown> = {};
    for (const [status, res] of Object.entries(r.responses)) {
      if (res.schema) {
        responses[status] = {
          description: res.description,
          content: { "application/json": { schema: jsonSchema(res.schema, "output") } },
        };
      } else if (res.contentType) {
        responses[status] = {
          description: res.description,
          content: { [res.contentType]: { schema: { type: "string" } } },
        };
      } else if (Number(status) >= 400) {
        responses[status] = { description: res.description, content: ERROR_CONTENT };
      } else {
        responses[status] = { description: res.description };
      }
    }
    if (r.body)
      responses["422"] = {
        description: "Invalid input",
        content: ERROR_CONTENT,
      };
    if (r.multipart) {
      for (const [status, description] of [
        ["413", `The body is larger than ${r.multipart.maxBytes} bytes, or the image is too large`],
        ["415", "Not multipart/form-data, or a file that is not a supported image"],
        ["422", "A file is missing or cannot be read"],
      ] as const) {
        responses[status] = {
          description:
            (responses[status] as { description?: string } | undefined)?.description ?? description,
          content: ERROR_CONTENT,
        };
      }
    }
    if (r.auth === "user")
      responses["401"] = {
        description: "Not logged in",
        content: ERROR_CONTENT,
      };
    if (r.permission)
      responses["403"] ??= {
        description: `Not an operator holding ${r.permission}`,
        content: ERROR_CONTENT,
      };
    const operation: Record<string, unknown> = {
      operationId: `${r.method}${r.path.replace(/[{}]/g, "").replace(/[/_-]+(\w)/g, (_, c: string) => c.toUpperCase())}`,
      summary: r.summary,
      ...(r.permission
        ? { description: `Back office: needs the permission \`${r.permission}\` (403 otherwise).` }
        : {}),
      tags: [r.tag],
      ...(parameters.length ? { parameters } : {}),
      ...(r.body
        ? {
            requestBody: {
              required: true,
              content: { "application/json": { schema: jsonSchema(r.body, "input") } },
            },
          }
        : {}),
      ...(r.multipart ? { requestBody: multipartBody(r.multipart) } : {}),
      responses,
      ...(r.auth === "user" ? { security: [{ bearer: [] }, { cookie: [] }] } : {}),
    };
    paths[r.path] ??= {};
    paths[r.path]![r.method] = operation;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Tsugu API",
      version: "1",
      description:
        'REST API of Tsugu. JSON keys are snake_case. Array query values repeat the key with a [] suffix. Errors are {"error":{"code","message"}}; 422 adds "fields". Send Accept-Language: en for English messages. When the server is at capacity, any endpoint but /health may answer 503 with the code OVERLOADED at once: try again after the seconds its Retry-After header gives.',
    },
    servers: [{ url: `${serverUrl}/api/v1` }],
    paths,
    components: {
      schemas: { Error: jsonSchema(ZApiError, "output") },
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "A token from POST /tokens" },
        cookie: { type: "apiKey", in: "cookie", name: "tsugu" },
      },
    },
  };
}
