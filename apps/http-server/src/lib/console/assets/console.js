/* global document, location, fetch, setTimeout, DOMParser */
// Progressive enhancement only: every page works without this script.
'use strict';
document.addEventListener('DOMContentLoaded', function () {
  // Filters apply as soon as a choice is made.
  document.querySelectorAll('select[data-autosubmit]').forEach(function (select) {
    select.addEventListener('change', function () {
      if (select.form) select.form.submit();
    });
  });
  // A second click on a decision button while the first is being sent does nothing.
  document.querySelectorAll('form[method="post"]').forEach(function (form) {
    form.addEventListener('submit', function () {
      form.querySelectorAll('button[type="submit"]').forEach(function (button) {
        button.disabled = true;
      });
    });
  });
});

// A live page re-reads itself every few seconds: a plan still moving (approved, executing, rolling back) replaces
// its main part until it settles (batches and device steps update in place); the fleet replaces only its status
// region (data-live-region), so the filter form keeps what is being typed. The same address, filters included.
// Only same-origin HTML, parsed, never executed.
(function () {
  function refresh() {
    var live = document.querySelector('[data-live]');
    if (!live) return;
    var selector = live.hasAttribute('data-live-region') && live.id ? '#' + live.id : 'main';
    setTimeout(function () {
      fetch(location.pathname + location.search, { credentials: 'same-origin', headers: { accept: 'text/html' } })
        .then(function (response) {
          return response.ok ? response.text() : Promise.reject(new Error(String(response.status)));
        })
        .then(function (text) {
          var next = new DOMParser().parseFromString(text, 'text/html').querySelector(selector);
          var current = document.querySelector(selector);
          if (next && current) current.replaceWith(document.adoptNode(next));
          refresh();
        })
        .catch(function () {
          setTimeout(refresh, 5000);
        });
    }, Number(live.getAttribute('data-live')) || 2000);
  }
  document.addEventListener('DOMContentLoaded', refresh);
})();
