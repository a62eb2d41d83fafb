import { describe, expect, it } from "vitest";
import { z } from "zod";
import { type ApiRoute, defineRoute } from "./define.ts";
import { checksResponses, responseMismatch } from "./responses.ts";
import { API_ROUTES } from "./v1/index.ts";

const label = (r: ApiRoute) => `${r.method.toUpperCase()} ${r.path}`;

describe("the route table", () => {
  it("declares a successful answer for every route", () => {
    const without = API_ROUTES.filter((r) => !Object.keys(r.responses).some((s) => Number(s) < 400));
    expect(without.map(label)).toEqual([]);
  });

  it("declares the body of every successful answer: its JSON schema, its content type, or none", () => {
    const lacking = API_ROUTES.flatMap((r) =>
      Object.entries(r.responses)
        .filter(([status]) => Number(status) < 400 && status !== "204")
        .filter(([, res]) => !res.schema && !res.contentType && !res.empty)
        .map(([status]) => `${label(r)} ${status}`),
    );
    expect(lacking).toEqual([]);
  });

  it("declares one kind of body per status", () => {
    const both = API_ROUTES.flatMap((r) =>
      Object.entries(r.responses)
        .filter(([, res]) => [res.schema, res.contentType, res.empty].filter(Boolean).length > 1)
        .map(([status]) => `${label(r)} ${status}`),
    );
    expect(both).toEqual([]);
  });
});

describe("an answer against its declaration", () => {
  const route = defineRoute({
    method: "get",
    path: "/things/{id}",
    summary: "A thing",
    tag: "test",
    auth: "none",
    responses: {
      200: { description: "The thing", schema: z.strictObject({ id: z.int(), at: z.iso.datetime() }) },
      202: { description: "Accepted", empty: true },
      404: { description: "No such thing" },
    },
    async handler() {
      return { status: 200 };
    },
  });
  const error = { error: { code: "NOT_FOUND", message: "見つかりません" } };

  it("fits when the body has the declared shape, dates as they travel", () => {
    expect(responseMismatch(route, { status: 200, body: { id: 1, at: new Date(0) } })).toBeNull();
    expect(responseMismatch(route, { status: 202, body: undefined })).toBeNull();
    expect(responseMismatch(route, { status: 404, body: error })).toBeNull();
    // An error the route does not list still has the shared shape.
    expect(responseMismatch(route, { status: 409, body: error })).toBeNull();
  });

  it("names the route, the status and the field when a field is wrong or extra", () => {
    expect(responseMismatch(route, { status: 200, body: { id: "1", at: new Date(0) } })).toMatch(
      /^GET \/things\/\{id\} answered 200: .*\n.*id/s,
    );
    expect(responseMismatch(route, { status: 200, body: { id: 1, at: new Date(0), extra: 1 } })).toMatch(
      /extra/,
    );
    expect(responseMismatch(route, { status: 404, body: { error: { code: "NOT_FOUND" } } })).toMatch(
      /answered 404.*message/s,
    );
  });

  it("catches a field a plain object does not name, at any depth", () => {
    const nested = {
      ...route,
      responses: {
        200: {
          description: "Things",
          schema: z.object({ items: z.array(z.object({ id: z.int() })), meta: z.looseObject({}) }),
        },
      },
    } satisfies ApiRoute;
    const body = { items: [{ id: 1 }], meta: { anything: true } };
    expect(responseMismatch(nested, { status: 200, body })).toBeNull();
    expect(
      responseMismatch(nested, {
        status: 200,
        body: { ...body, items: [{ id: 1 }, { id: 2, secret: "x" }] },
      }),
    ).toMatch(/does not name: items\[1\]\.secret$/);
  });

  it("refuses a status it does not declare, a body it does not declare and a missing one", () => {
    expect(responseMismatch(route, { status: 201, body: { id: 1 } })).toMatch(/not declared/);
    expect(responseMismatch(route, { status: 202, body: { id: 1 } })).toMatch(/no schema/);
    expect(responseMismatch(route, { status: 200, body: undefined })).toMatch(/no body/);
    expect(responseMismatch(route, { status: 200, body: undefined, stream: true })).toMatch(/streamed/);
  });

  it("checks a streamed answer's content type", () => {
    const csv = {
      ...route,
      responses: { 200: { description: "CSV", contentType: "text/csv" } },
    } satisfies ApiRoute;
    const sent = { status: 200, body: undefined, stream: true };
    expect(responseMismatch(csv, { ...sent, contentType: "text/csv; charset=utf-8" })).toBeNull();
    expect(responseMismatch(csv, { ...sent, contentType: "application/json" })).toMatch(/text\/csv/);
    expect(responseMismatch(csv, { status: 200, body: { id: 1 } })).toMatch(/text\/csv/);
  });

  it("is checked only in tests that ask for it", () => {
    const before = process.env.API_CHECK_RESPONSES;
    process.env.API_CHECK_RESPONSES = "1";
    try {
      expect(checksResponses("test")).toBe(true);
      expect(checksResponses("production")).toBe(false);
      expect(checksResponses("development")).toBe(false);
      delete process.env.API_CHECK_RESPONSES;
      expect(checksResponses("test")).toBe(false);
    } finally {
      if (before === undefined) delete process.env.API_CHECK_RESPONSES;
      else process.env.API_CHECK_RESPONSES = before;
    }
  });
});
