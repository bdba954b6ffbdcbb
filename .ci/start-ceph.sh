#!/usr/bin/env bash
# A single-node Ceph with its S3 gateway (radosgw) on 127.0.0.1, for the media-storage tests: one
# monitor, one OSD keeping objects in memory (memstore), no authentication inside the cluster, a
# user and a bucket. About 18 s to start and 510 MB of packages. Prints the TEST_S3_* variables
# (`eval "$(.ci/start-ceph.sh)"`); everything else goes to stderr. Running it again while the
# gateway answers only prints them.
set -euo pipefail

dir="${CEPH_DIR:-/tmp/store-ceph}"
port="${RGW_PORT:-7480}"
bucket="${TEST_S3_BUCKET:-store-test}"
access_key=store-ci-access
secret_key=store-ci-secret-not-for-production
endpoint="http://127.0.0.1:${port}"

say() { echo "$@" >&2; }
print_env() {
  echo "export TEST_S3_URL=s3://${bucket}"
  echo "export TEST_S3_ENDPOINT=${endpoint}"
  echo "export TEST_S3_ACCESS_KEY_ID=${access_key}"
  echo "export TEST_S3_SECRET_ACCESS_KEY=${secret_key}"
  echo "export TEST_S3_REGION=us-east-1"
}
# PUT bucket with AWS signature v4 (curl signs it; S3 also wants the body's hash): 200 when made, 409 when it is there already.
make_bucket() {
  curl -s -o /dev/null -w '%{http_code}' -H "x-amz-content-sha256: $(printf '' | sha256sum | cut -d' ' -f1)" --aws-sigv4 'aws:amz:us-east-1:s3' --user "${access_key}:${secret_key}" -X PUT "${endpoint}/${bucket}"
}

if curl -s -o /dev/null "${endpoint}"; then
  make_bucket >/dev/null || true
  print_env
  exit 0
fi

export DEBIAN_FRONTEND=noninteractive
missing=()
for p in radosgw ceph-mon ceph-osd; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
if ((${#missing[@]})); then
  say "installing ${missing[*]}"
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi

pkill_pidfile() { [[ -f "$1" ]] && kill "$(cat "$1")" 2>/dev/null || true; }
for name in client.rgw.a osd.0 mon.a; do pkill_pidfile "${dir}/run/${name}.pid"; done
rm -rf "$dir"
mkdir -p "$dir"/{mon,osd,run,log}
fsid="$(cat /proc/sys/kernel/random/uuid)"
conf="${dir}/ceph.conf"
cat >"$conf" <<EOF
[global]
fsid = ${fsid}
mon host = v2:127.0.0.1:3300
mon initial members = a
auth cluster required = none
auth service required = none
auth client required = none
# With auth none, radosgw's monitor session fails with -13 unless crc mode is allowed.
ms mon client mode = crc secure
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
osd crush chooseleaf type = 0
mon allow pool size one = true
mon warn on pool no redundancy = false
mon max pg per osd = 1000
osd objectstore = memstore
memstore device bytes = 4294967296
run dir = ${dir}/run
pid file = ${dir}/run/\$name.pid
admin socket = ${dir}/run/\$name.asok
log file = ${dir}/log/\$name.log
mon data = ${dir}/mon/\$name
osd data = ${dir}/osd/\$name
[client.rgw.a]
rgw frontends = beast endpoint=127.0.0.1:${port}
rgw data = ${dir}/rgw
rgw dns name = 127.0.0.1
EOF
c=(-c "$conf")

monmaptool --create --clobber --fsid "$fsid" --addv a '[v2:127.0.0.1:3300]' "${dir}/monmap" >&2
ceph-mon "${c[@]}" --mkfs -i a --monmap "${dir}/monmap" >&2
ceph-mon "${c[@]}" -i a
osd_uuid="$(cat /proc/sys/kernel/random/uuid)"
ceph "${c[@]}" --connect-timeout 20 osd create "$osd_uuid" >&2
mkdir -p "${dir}/osd/osd.0"
ceph-osd "${c[@]}" -i 0 --mkfs --osd-uuid "$osd_uuid" >&2
ceph-osd "${c[@]}" -i 0
mkdir -p "${dir}/rgw"
radosgw "${c[@]}" -n client.rgw.a

for _ in $(seq 1 120); do
  curl -s -o /dev/null "${endpoint}" && break
  sleep 0.5
done
curl -s -o /dev/null "${endpoint}" || { say "radosgw did not answer on ${endpoint}; see ${dir}/log"; exit 1; }
radosgw-admin "${c[@]}" user create --uid=store-ci --display-name="store CI" --access-key="$access_key" --secret-key="$secret_key" >/dev/null
code="$(make_bucket)"
[[ "$code" == 200 || "$code" == 409 ]] || { say "could not create bucket ${bucket}: HTTP ${code}"; exit 1; }
say "Ceph radosgw is up on ${endpoint} with bucket ${bucket}"
print_env
