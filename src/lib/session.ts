/** The HttpOnly cookie that carries a browser's session (DESIGN.md §6). */
export const SESSION_COOKIE = 'ams-session';
