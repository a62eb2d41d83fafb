import { describe, expect, it } from "vitest";
import type { Mailer } from "#core/notify/mailer.ts";
import { watchMailer } from "./system.ts";

describe("the watched mailer", () => {
  it("remembers how its last send went, and passes failures on", async () => {
    let refuse = false;
    const sent: string[] = [];
    const smtp: Mailer = {
      kind: "smtp",
      async send(message) {
        if (refuse) throw new Error("connection refused");
        sent.push(message.to);
      },
    };
    const mail = watchMailer(smtp);
    expect(mail.mailer.kind).toBe("smtp");
    expect(mail.last()).toBeNull();
    await mail.mailer.send({ to: "a@tsugu.example", subject: "s", text: "t" });
    expect(sent).toEqual(["a@tsugu.example"]);
    expect(mail.last()).toMatchObject({ ok: true });
    refuse = true;
    await expect(mail.mailer.send({ to: "b@tsugu.example", subject: "s", text: "t" })).rejects.toThrow(
      "connection refused",
    );
    expect(mail.last()).toMatchObject({ ok: false });
    refuse = false;
    await mail.mailer.send({ to: "c@tsugu.example", subject: "s", text: "t" });
    expect(mail.last()).toMatchObject({ ok: true });
  });
});
