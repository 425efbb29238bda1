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
