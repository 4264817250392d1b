#!/bin/bash
# docs/operations.md run step by step in a fresh Debian 12 chroot, as checked on 2026-11-27.
# Prepare the chroot on the host (as root; Docker is not needed):
#   apt-get install -y debootstrap
#   debootstrap --variant=minbase bookworm /tmp/deb12 http://deb.debian.org/debian
#   for d in proc dev dev/pts sys; do mount --bind /$d /tmp/deb12/$d; done
#   cp /etc/resolv.conf /tmp/deb12/etc/; printf '#!/bin/sh\nexit 101\n' >/tmp/deb12/usr/sbin/policy-rc.d
#   chmod +x /tmp/deb12/usr/sbin/policy-rc.d       # no service starts at install: no systemd here
#   chroot /tmp/deb12 apt-get install -y postgresql redis-server nginx-light git ca-certificates curl openssl iproute2 procps
#   sed -i 's/^port = .*/port = 5432/' /tmp/deb12/etc/postgresql/15/main/postgresql.conf  # 5433 if the host used 5432
#   cp /usr/bin/node /tmp/deb12/usr/bin/node       # when deb.nodesource.com is out of reach
#   git clone "$PWD" /tmp/deb12/root/zilch-src     # the repository, built (npx tsc -b) on the host
#   mkdir /tmp/deb12/mnt/build && mount --bind -o ro "$PWD" /tmp/deb12/mnt/build
#   cp deploy/guide-check/run-in-chroot.sh /tmp/deb12/root/guide.sh
# Run, in a network namespace of its own so its ports do not meet the host's:
#   unshare -n chroot /tmp/deb12 /bin/bash /root/guide.sh
# Not run here: systemctl (no systemd in a chroot: the script starts what the unit would, as the
# unit's user with its settings) and `npm ci` (the registry may be out of reach: the host's build
# output is copied instead).
set -euo pipefail
step() { echo; echo "=== $*"; }
ip link set lo up 2>/dev/null || true

step "services (no systemd in a chroot: started by hand)"
pg_ctlcluster 15 main start
redis-server --daemonize yes --bind 127.0.0.1 >/dev/null
command -v sudo || echo "no sudo here (as on a minimal Debian)"

step "1. the OLD guide's role: createuser without a password, URL without one"
runuser -u postgres -- createuser oldzilch
runuser -u postgres -- createdb -O oldzilch oldzilch
psql "postgres://oldzilch@127.0.0.1/oldzilch" -w -c 'select 1' && echo "UNEXPECTED: connected" || echo "as reported: refused"

step "1. PostgreSQL role with a password (as the guide says)"
ZILCH_DB_PASSWORD=$(od -An -tx1 -N24 /dev/urandom | tr -d " \n")
printf "CREATE ROLE zilch LOGIN PASSWORD '%s';\n" "$ZILCH_DB_PASSWORD" |
  runuser -u postgres -- psql -q -v ON_ERROR_STOP=1
runuser -u postgres -- createdb -O zilch zilch

step "2. user, settings, first release"
useradd --system --home-dir /var/lib/zilch --no-create-home --shell /usr/sbin/nologin zilch
install -d -o zilch -g zilch -m 750 /var/lib/zilch /var/lib/zilch/solutions
install -d -m 755 /opt/zilch /opt/zilch/releases
install -d -o root -g zilch -m 750 /etc/zilch
git clone -q --depth 1 file:///root/zilch-src /root/zilch-src-copy
install -o root -g zilch -m 640 /root/zilch-src-copy/deploy/zilch.env.example /etc/zilch/zilch.env
sed -i "s|^DATABASE_URL=.*|DATABASE_URL=postgres://zilch:$ZILCH_DB_PASSWORD@127.0.0.1:5432/zilch|" \
  /etc/zilch/zilch.env
ls -l /etc/zilch/zilch.env
runuser -u zilch -- psql "$(grep ^DATABASE_URL= /etc/zilch/zilch.env | cut -d= -f2-)" -w -Atc 'select current_user' | sed 's/^/connected over TCP (scram) as: /'

release() {
  RELEASE=/opt/zilch/releases/$(date +%Y%m%d-%H%M%S)
  git clone -q --depth 1 file:///root/zilch-src "$RELEASE"
  # `ZILCH_SKIP_PRESOLVE=1 npm ci` needs the npm registry, which this machine cannot reach: its
  # output (node_modules and each package's dist) is copied from the build on the host instead.
  cp -a /mnt/build/node_modules "$RELEASE"/
  for p in cli client engine protocol server strategy testkit; do cp -a /mnt/build/packages/$p/dist "$RELEASE"/packages/$p/; done
  cp -a /mnt/build/packages/server/node_modules "$RELEASE"/packages/server/
  cd "$RELEASE"
  runuser -u zilch -- env ZILCH_CACHE_DIR=/var/lib/zilch/solutions node scripts/presolve.mjs
}
release
ln -sfn "$RELEASE" /opt/zilch/current
FIRST=$RELEASE

step "3. two processes (what the unit does: user zilch, EnvironmentFile, WorkingDirectory, PORT)"
start() {
  (cd /opt/zilch/current && set -a && . /etc/zilch/zilch.env && set +a &&
   PORT=$1 HOST=127.0.0.1 ZILCH_WEB_DIR=/nonexistent setsid runuser -u zilch -- node packages/server/dist/main.js \
     >>/var/log/zilch-$1.log 2>&1 & echo $! > /run/zilch-$1.pid)
}
# The node process serving a port (found by its environment: PORT and the guide's settings).
pid_of() {
  local p
  for p in $(pgrep -x node); do
    if tr '\0' '\n' </proc/$p/environ 2>/dev/null | grep -qx "PORT=$1" &&
       tr '\0' '\n' </proc/$p/environ | grep -qx "ZILCH_RP_ID=zilch.example"; then echo "$p"; return; fi
  done
}
waitready() { for i in $(seq 1 60); do curl -fsS localhost:$1/readyz && return 0; sleep 0.5; done; tail -5 /var/log/zilch-$1.log; return 1; }
start 3001; start 3002
waitready 3001 && waitready 3002; echo
echo "process on 3001 runs in $(readlink /proc/$(pid_of 3001)/cwd), as user $(ps -o user= -p $(pid_of 3001))"

step "4. nginx in front (self-signed certificate; no systemctl: nginx started by hand)"
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=zilch.test -keyout /etc/ssl/private/zilch.key -out /etc/ssl/certs/zilch.pem 2>/dev/null
cp /opt/zilch/current/deploy/nginx/zilch.conf /etc/nginx/sites-available/zilch
sed -i 's/@PORT_A@/3001/; s/@PORT_B@/3002/; s/@PORT_A@/3001/; s/@PORT_B@/3002/; s/@HTTP_PORT@/80/; s/@HTTPS_PORT@/443/; s/@SERVER_NAME@/zilch.test/g; s|@CERT@|/etc/ssl/certs/zilch.pem|; s|@KEY@|/etc/ssl/private/zilch.key|' /etc/nginx/sites-available/zilch
sed -i 's/@PORT_A@/3001/g; s/@PORT_B@/3002/g' /etc/nginx/sites-available/zilch
ln -s /etc/nginx/sites-available/zilch /etc/nginx/sites-enabled/zilch
nginx -t && nginx
curl -skS --resolve zilch.test:443:127.0.0.1 https://zilch.test/readyz; echo " <- /readyz through nginx over TLS"
curl -sS -o /dev/null -w '%{http_code} %{redirect_url}\n' -H 'Host: zilch.test' 'http://127.0.0.1/t/x?y=1'
game=$(curl -skS --resolve zilch.test:443:127.0.0.1 -H 'content-type: application/json' -d '{"rules":"serendipity-creak","seats":[{"kind":"human"},{"kind":"bot","bot":"cautious"}]}' https://zilch.test/api/games | sed 's/.*"gameId":"\([^"]*\)".*/\1/')
echo "game created through nginx: $game"

step "5. upgrade: a new release beside the running one, link switched, one process at a time"
sleep 1
release
readlink /opt/zilch/current > /opt/zilch/previous
ln -sfn "$RELEASE" /opt/zilch/current.new && mv -T /opt/zilch/current.new /opt/zilch/current
echo "link switched; process on 3002 still runs $(readlink /proc/$(pid_of 3002)/cwd) (previous: $(cat /opt/zilch/previous))"
# `systemctl restart zilch@PORT`: SIGTERM (the process drains and exits), then start again.
restart() {
  local pid; pid=$(pid_of "$1"); kill -TERM "$pid"
  while kill -0 "$pid" 2>/dev/null; do sleep 0.2; done
  start "$1"; waitready "$1"; echo " <- $1 ready again"
}
restart 3001; restart 3002
for port in 3001 3002; do echo "process on $port runs $(readlink /proc/$(pid_of $port)/cwd)"; done
ls /opt/zilch/releases

step "6. backups (PostgreSQL), as the guide says"
install -d -o zilch -g zilch -m 750 /var/backups/zilch
cd /opt/zilch/current
set -a && . /etc/zilch/zilch.env && set +a
./node_modules/.bin/zilch backup /var/backups/zilch/zilch-$(date +%F).dump
runuser -u postgres -- createdb -O zilch zilch_restored
./node_modules/.bin/zilch restore /var/backups/zilch/zilch-$(date +%F).dump \
  --database-url "${DATABASE_URL%/zilch}/zilch_restored"
./node_modules/.bin/zilch restore /var/backups/zilch/zilch-$(date +%F).dump \
  --database-url "${DATABASE_URL%/zilch}/zilch_restored" || echo "(refused, exit $?)"

step "logs: health checks at info?"
grep -c healthz /var/log/zilch-3001.log || true

step "stop"
for port in 3001 3002; do kill -TERM "$(pid_of $port)"; done
nginx -s stop; redis-cli shutdown nosave || true; pg_ctlcluster 15 main stop
