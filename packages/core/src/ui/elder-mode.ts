/**
 * 长辈版 (issue #18, 工信部《移动互联网应用（APP）适老化通用设计规范》): the device remembers the
 * switch under this localStorage key, and <html data-elder> turns the mode's CSS on.
 */
export const ELDER_MODE_KEY = 'moxaElderMode';

/**
 * Runs inline in <head> before the first paint, so prerendered pages show 长辈版 at once, with no
 * reflow when the app starts. Inline scripts need their hash in the CSP: the server allows exactly
 * this text (apps/server/src/plugins/security.ts). Classic script, ES5, no dependencies.
 *
 * It also marks WeChat's browser (`data-wechat`, issue #32 item 5): WeChat draws its own title bar
 * with the page title, so the app's is folded into the page there, from the first paint too.
 */
export const ELDER_BOOT_SCRIPT = `(function(d){if(/MicroMessenger/i.test(navigator.userAgent))d.setAttribute('data-wechat','');try{if(localStorage.getItem('${ELDER_MODE_KEY}')==='1')d.setAttribute('data-elder','')}catch(e){}})(document.documentElement)`;
