/**
 * The outside grade a grader may record beside ours (`externalGrade`, from the NSYS diagnostic
 * field): kept as given and never mapped onto our grade, but explained to the member in words. The
 * NSYS scale runs S (as new) to D (broken); a "+" or "-" places a device at the better or worse end
 * of its letter.
 */
const NSYS_GRADES = ["S", "A", "B", "C", "D"] as const;
type NsysGrade = (typeof NSYS_GRADES)[number];

export type ReadExternalGrade = {
  scale: "NSYS";
  grade: NsysGrade;
  /** "+" the better end of the letter, "-" the worse end, null the letter alone. */
  modifier: "plus" | "minus" | null;
};

/**
 * An outside grade as the member's page explains it, or null when its scale or value is not one we
 * know (the page then shows it as given). Reads "B", "b+", "Ｂ－" alike.
 */
export function readExternalGrade(given: { scale: string; value: string }): ReadExternalGrade | null {
  if (given.scale.trim().toUpperCase() !== "NSYS") return null;
  const value = given.value
    .normalize("NFKC")
    .trim()
    .toUpperCase()
    .replace(/\s+/g, "")
    .replace(/[−–—ー]/g, "-");
  const m = /^([A-Z])([+-])?$/.exec(value);
  if (!m || !NSYS_GRADES.includes(m[1] as NsysGrade)) return null;
  return {
    scale: "NSYS",
    grade: m[1] as NsysGrade,
    modifier: m[2] === "+" ? "plus" : m[2] === "-" ? "minus" : null,
  };
}
