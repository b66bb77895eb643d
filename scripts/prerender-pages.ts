/** The pages people open first from the WeChat menu, prerendered at build time (issue #6). A new entry page joins with one line. */
export const PRERENDERED = ['/', '/acupoint', '/login', '/physical'];
