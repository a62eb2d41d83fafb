import type { BuybackNgCondition } from "#db/schema/index.ts";
import type { CheckOutcome, CheckTest } from "../checks/tests.ts";
import type { BuybackQuestion } from "./device-fields.ts";

// What a member's self-check report says to the buyback application's questions, in a module the
// browser can load: the application form marks the answers it gives, the core takes them the same way.

/** The parts of a report the buyback reads. */
type Findings = { tests: Record<CheckTest, CheckOutcome>; displayDefects: readonly string[] };

/** What a report answers for a buyback device. */
export type CheckAnswers = {
  /** The answer the check gives each question it speaks for. */
  answers: Partial<Record<BuybackQuestion, string>>;
  /** The questions whose answer is a fault the check found: the member cannot answer it away. */
  faults: BuybackQuestion[];
  /**
   * The NG conditions the check rules out as hidden faults: it tested the part and it worked (a
   * cracked screen the member sees is still theirs to say).
   */
  ruledOut: Exclude<BuybackNgCondition, "none">[];
};

/** The answer of each question that says the part works: a fault answered so would hide it. */
const WORKS: Partial<Record<BuybackQuestion, string>> = { screen: "ok", camera: "ok", sensor: "ok" };

/**
 * The buyback answers a report gives: it ran on the device, so it powers on; touch, two fingers and
 * the display (and anything marked on its colours) answer the screen; both cameras the camera; a
 * sensor that did not react is a faulty sensor (a working one says nothing of the buttons, Face ID
 * or the fingerprint reader, which no browser tests). A test skipped or not supported answers
 * nothing. The microphone, speaker and earpiece have no NG condition of their own: the grader reads
 * them on the report.
 */
export function buybackAnswersOfCheck(report: Findings): CheckAnswers {
  const t = report.tests;
  const out: CheckAnswers = { answers: { power: "yes" }, faults: [], ruledOut: ["no_power"] };
  const fault = (question: BuybackQuestion) => {
    out.answers[question] = "faulty";
    out.faults.push(question);
  };
  if ([t.touch, t.multiTouch, t.display].includes("fail") || report.displayDefects.length > 0) {
    fault("screen");
  } else if (t.touch === "pass" && t.display === "pass") {
    out.answers.screen = "ok";
    out.ruledOut.push("screen");
  }
  if (t.frontCamera === "fail" || t.backCamera === "fail") fault("camera");
  else if (t.frontCamera === "pass" && t.backCamera === "pass") {
    out.answers.camera = "ok";
    out.ruledOut.push("camera");
  }
  if (t.motion === "fail" || t.orientation === "fail") fault("sensor");
  return out;
}

/**
 * The member's answers with a report's: a question left blank takes the check's answer, and so does
 * one answered "works" where the check found a fault; any other answer is the member's, who may know
 * better. `fromCheck` names the questions (of those the category asks) whose answer is now the
 * check's.
 */
export function answersWithCheck(
  answers: Readonly<Partial<Record<string, unknown>>>,
  check: CheckAnswers,
  questions: readonly BuybackQuestion[],
): { answers: Partial<Record<string, unknown>>; fromCheck: BuybackQuestion[] } {
  const out: Partial<Record<string, unknown>> = { ...answers };
  const fromCheck: BuybackQuestion[] = [];
  for (const q of questions) {
    const given = check.answers[q];
    if (!given) continue;
    const current = typeof out[q] === "string" ? (out[q] as string).trim() : "";
    if (current === "" || (check.faults.includes(q) && current === WORKS[q])) out[q] = given;
    if (out[q] === given) fromCheck.push(q);
  }
  return { answers: out, fromCheck };
}

/** Whether an answer would hide a fault the check found (the choice the form does not offer then). */
export function hidesFault(check: CheckAnswers, question: BuybackQuestion, answer: string): boolean {
  return check.faults.includes(question) && answer === WORKS[question];
}
