# Stand-in for axllent/mailpit, built by scripts/docker-standins.sh where no image registry is reachable
# and no Mailpit build is on the npm registry: MailDev (the npm package maildev, installed by the
# script) on Mailpit's ports, SMTP 1025 and web 8025, behind a /mailpit that also answers `readyz`
# like Mailpit's binary. Its web page and HTTP API are MailDev's (/api/email), not Mailpit's
# (/api/v1/messages); scripts/docker-smoke.mjs reads either.
ARG NODE_IMAGE
FROM ${NODE_IMAGE}
COPY maildev /opt/maildev
COPY mailpit.cjs /mailpit
RUN chmod 755 /mailpit
USER node
EXPOSE 1025 8025
HEALTHCHECK --interval=5s --timeout=3s --retries=10 CMD ["/mailpit", "readyz"]
ENTRYPOINT ["/mailpit"]
