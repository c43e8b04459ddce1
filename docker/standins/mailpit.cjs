#!/usr/local/bin/node
// `/mailpit readyz`: exit 0 once the web server answers, as Mailpit's own health check does.
// `/mailpit`: MailDev catching mail on 1025 and serving its page and API on 8025.
"use strict";
if (process.argv[2] === "readyz") {
  fetch("http://127.0.0.1:8025/api/healthz").then(
    (response) => process.exit(response.ok ? 0 : 1),
    () => process.exit(1),
  );
} else {
  // As PID 1 Node would ignore the stop signal; the catcher keeps nothing worth a graceful stop.
  for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => process.exit(0));
  process.argv = [process.argv[0], "maildev", "--smtp", "1025", "--web", "8025"];
  import("/opt/maildev/node_modules/maildev/dist/bin/maildev.js");
}
