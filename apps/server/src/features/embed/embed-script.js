/* Kinetic booking widget: <script src="https://<kinetic>/embed.js" data-company="demo" data-studio="…"></script> */
/* global document, window */
(function (script, win) {
  if (!script || !script.src) return;
  var doc = script.ownerDocument;
  var origin = new URL(script.src, doc.baseURI).origin;
  var company = script.getAttribute('data-company');
  if (!company) return;
  var studio = script.getAttribute('data-studio');
  var address =
    origin + '/' + encodeURIComponent(company) + '/widget' + (studio ? '/' + encodeURIComponent(studio) : '');
  var box = doc.createElement('div');
  box.className = 'kinetic-widget';
  var frame = doc.createElement('iframe');
  frame.src = address;
  frame.title = script.getAttribute('data-title') || 'Book a class';
  frame.setAttribute('scrolling', 'no');
  frame.style.cssText =
    'display:block;width:100%;min-width:0;max-width:100%;height:480px;border:0;overflow:hidden';
  var fallback = doc.createElement('p');
  fallback.hidden = true;
  var link = doc.createElement('a');
  link.href = address;
  link.target = '_blank';
  link.rel = 'noopener';
  link.textContent = 'Open the booking page';
  fallback.appendChild(link);
  box.appendChild(fallback);
  box.appendChild(frame);
  script.parentNode.insertBefore(box, script.nextSibling);
  function showFallback() {
    fallback.hidden = false;
  }
  var heard = false;
  // A widget that never speaks (blocked, offline, refused by the site's own CSP) leaves the link in view.
  var timer = win.setTimeout(
    function () {
      if (!heard) showFallback();
    },
    Number(script.getAttribute('data-timeout')) || 15000,
  );
  win.addEventListener('message', function (event) {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    var data = event.data;
    if (!data || data.kinetic !== 'widget') return;
    heard = true;
    win.clearTimeout(timer);
    if (data.type === 'height' && typeof data.height === 'number' && data.height > 0) {
      frame.style.height = Math.ceil(Math.min(data.height, 100000)) + 'px';
    } else if (data.type === 'storage-blocked') {
      showFallback();
    }
  });
})(document.currentScript, window);
