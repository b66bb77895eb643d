/** The body chart views' path, declared with the route reads in core (issue #33 item 1). */
export { CHARTS_PATH } from '@moxa/core/http/route-data';
