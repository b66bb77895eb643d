/**
 * Issue #33 (entry pages): a prerendered page paints from its HTML alone, and the app's scripts start
 * downloading only once that first paint is out. They are held inert in `<template id="moxa-app">`
 * (its preload links and the entry script), and this inline script puts a copy into the document when
 * the browser reports the first paint (a `paint` performance entry; where there are none, after the
 * first frame: `requestAnimationFrame` runs before it, the timeout after it). Nothing then shares the
 * phone's bandwidth or main thread with the first paint (Lighthouse's simulated largest paint counts
 * every request that finished before it). A page opened in the background has nothing to paint: it
 * starts at once; and it starts after a second whatever happens. Inline, so the CSP allows exactly
 * this text by its hash (apps/server/src/plugins/security.ts). Classic script, ES5, no dependencies.
 */
export const APP_TEMPLATE_ID = 'moxa-app';

export const AFTER_PAINT_BOOT_SCRIPT = `(function(d){var done=0;function boot(){var t=d.getElementById('${APP_TEMPLATE_ID}');if(done++||!t)return;d.body.appendChild(d.importNode(t.content,true))}if(d.visibilityState!=='visible')return boot();setTimeout(boot,1000);try{if(PerformanceObserver.supportedEntryTypes.indexOf('paint')>=0)return new PerformanceObserver(function(l,o){o.disconnect();boot()}).observe({type:'paint',buffered:true})}catch(e){}requestAnimationFrame(function(){setTimeout(boot,0)})})(document)`;
