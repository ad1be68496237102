# Attack script (issue 29, round 25b): two programs renaming folders back and forth under an input (hidden or not),
# serve's memory sampled, then an edit timed. Usage: python3 bench/serve-churn.py target/release/ratings hidden|plain SECONDS
import os, subprocess, sys, time, shutil, threading, urllib.request, re
bin_, kind, secs = sys.argv[1], sys.argv[2], float(sys.argv[3])
site = f"/tmp/churn-{kind}"
shutil.rmtree(site, ignore_errors=True)
shutil.copytree(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples", "chess-club"), site, ignore=shutil.ignore_patterns("public", ".ratings-site"))
base = os.path.join(site, "static", ".cache" if kind == "hidden" else "cache")
for k in range(2):
    os.makedirs(os.path.join(base, f"c{k}", "a"), exist_ok=True)
p = subprocess.Popen([bin_, "serve", "--site", site, "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
line = p.stdout.readline()
port = int(re.search(r":(\d+)/", line).group(1))
stop = time.time() + secs
def churn(k):
    d = os.path.join(base, f"c{k}")
    pid = os.fork()
    if pid == 0:
        i = 0
        while time.time() < stop:
            try:
                os.rename(os.path.join(d, "a"), os.path.join(d, "b")); os.rename(os.path.join(d, "b"), os.path.join(d, "a"))
            except OSError: pass
        os._exit(0)
    return pid
pids = [churn(k) for k in range(2)]
def rss():
    for l in open(f"/proc/{p.pid}/status"):
        if l.startswith("VmRSS"): return int(l.split()[1]) // 1024
peak = 0
def version():
    return urllib.request.urlopen(f"http://127.0.0.1:{port}/__ratings/version", timeout=5).read().decode()
v0 = version()
time.sleep(min(5, secs / 2))
# an edit during the churn
t = time.time()
with open(os.path.join(site, "site.toml"), "a") as f: f.write("\n# edit\n")
seen = None
while time.time() - t < 30:
    peak = max(peak, rss())
    if version() != v0: seen = time.time() - t; break
    time.sleep(0.05)
while time.time() < stop:
    peak = max(peak, rss()); time.sleep(0.5)
for pid in pids: os.waitpid(pid, 0)
v1 = version()
time.sleep(3)
print(f"{kind}: edit seen in {seen if seen is None else round(seen,2)} s during the churn; peak RSS {peak} MiB; rebuilds during churn (version {v0}->{v1}); RSS after {rss()} MiB")
p.kill()
print(p.stderr.read()[-1500:])
