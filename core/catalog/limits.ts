/** Lengths of a listing's text, shared by the server's checks and the form (no other imports, so the browser bundle stays small). */
export const TITLE_MAX = 80;
export const DESCRIPTION_MAX = 3000;
/** A question or answer under a listing. */
export const COMMENT_MAX = 500;
/** Photos a listing may have. */
export const PHOTOS_MAX = 10;
/** Listing templates a seller may keep, and how long a template's name may be. */
export const TEMPLATES_MAX = 20;
export const TEMPLATE_NAME_MAX = 40;
