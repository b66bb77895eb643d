/** The glossary's path (issue #26), declared with the route reads in core (issue #33 item 1). */
export { GLOSSARY_PATH } from '@moxa/core/http/route-data';
