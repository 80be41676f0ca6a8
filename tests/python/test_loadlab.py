"""Tests of the `loadlab` Python module against the `loadlab` CLI and hand-computed schedules.

Run by ctest (tests/CMakeLists.txt) as `python3 -m unittest` with PYTHONPATH = the build folder,
LOADLAB_CLI = the CLI built alongside and LOADLAB_SOURCE_DIR = the source tree.
"""
import glob
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
import unittest

import loadlab

CLI = os.environ["LOADLAB_CLI"]
SOURCE = os.environ["LOADLAB_SOURCE_DIR"]
EXAMPLES = os.path.join(SOURCE, "examples")
# Wall-clock fields differ between any two runs (scripts/determinism.sh masks the same ones).
TIME_FIELD = re.compile(r'("[A-Za-z_]*(_ms|_us|_seconds)"): -?[0-9][0-9.eE+-]*')


def masked(text):
    return TIME_FIELD.sub(r'\1: "(time)"', text)


def dumped(result):
    """The module's result printed the way `loadlab run` prints its JSON."""
    return loadlab.dumps(result, indent=2) + "\n"


def without_times(value):
    if isinstance(value, dict):
        return {k: "(time)" if re.search(r"(_ms|_us|_seconds)$", k) else without_times(v)
                for k, v in value.items()}
    if isinstance(value, list):
        return [without_times(v) for v in value]
    return value


def cli(*args, stdin=None):
    return subprocess.run([CLI, *args], capture_output=True, text=True, input=stdin)


class ByteIdenticalToCli(unittest.TestCase):
    def check_same(self, path):
        cli_run = cli("run", path)
        self.assertIn(cli_run.returncode, (0, 1, 3), cli_run.stderr)
        with open(path, encoding="utf-8") as f:
            scenario = json.load(f)
        result = loadlab.run(scenario, base_dir=os.path.dirname(path))
        # The text, byte for byte; and the values, which json.dumps writes with Python's digits.
        self.assertEqual(masked(dumped(result)), masked(cli_run.stdout), path)
        self.assertEqual(without_times(result), without_times(json.loads(cli_run.stdout)), path)
        text = json.dumps(result, indent=2, ensure_ascii=False)
        self.assertEqual(without_times(json.loads(text)), without_times(result))

    def test_every_example(self):
        paths = sorted(glob.glob(os.path.join(EXAMPLES, "*.json")))
        self.assertGreaterEqual(len(paths), 7)
        for path in paths:
            with self.subTest(example=os.path.basename(path)):
                self.check_same(path)

    def test_seeded_scenarios_of_every_kind(self):
        with tempfile.TemporaryDirectory() as tmp:
            kinds = ",".join(loadlab.kinds())
            subprocess.run([sys.executable, os.path.join(SOURCE, "scripts", "gen_scenarios.py"), tmp,
                            "--count", str(len(loadlab.kinds())), "--kinds", kinds, "--base",
                            *sorted(glob.glob(os.path.join(EXAMPLES, "*.json")))],
                           check=True, capture_output=True)
            paths = sorted(glob.glob(os.path.join(tmp, "*.json")))
            seen_kinds = set()
            for path in paths:
                with open(path, encoding="utf-8") as f:
                    seen_kinds.add(json.load(f)["kind"])
                with self.subTest(scenario=os.path.basename(path)):
                    self.check_same(path)
            self.assertEqual(seen_kinds, set(loadlab.kinds()))

    def test_engine_nodes(self):
        path = os.path.join(EXAMPLES, "cube3.json")
        with open(path, encoding="utf-8") as f:
            scenario = json.load(f)
        out = cli("run", path, "--engine", "nodes", "--threads", "2").stdout
        self.assertEqual(masked(dumped(loadlab.run(scenario, engine="nodes", threads=2))), masked(out))

    def test_json_text_is_accepted(self):
        path = os.path.join(EXAMPLES, "dlt_example3_ibs.json")
        with open(path, encoding="utf-8") as f:
            text = f.read()
        self.assertEqual(masked(dumped(loadlab.run(text))), masked(cli("run", path).stdout))


class Errors(unittest.TestCase):
    def scenario(self, **over):
        s = {"loadlab": 1, "kind": "dag", "processors": 2,
             "graph": {"tasks": [{"id": "a", "cost": 1}], "edges": []}, "algorithms": ["heft"]}
        s.update(over)
        return s

    def test_bad_field_is_named_like_the_cli(self):
        bad = self.scenario(processors=0)
        with self.assertRaises(loadlab.ScenarioError) as ctx:
            loadlab.validate(bad)
        self.assertIn("processors", ctx.exception.field)
        self.assertIsInstance(ctx.exception, ValueError)
        r = cli("validate", "-", stdin=json.dumps(bad))
        self.assertEqual(r.returncode, 2)
        self.assertEqual(r.stderr.strip(), "loadlab: " + str(ctx.exception))
        with self.assertRaises(loadlab.ScenarioError):
            loadlab.run(bad)

    def test_unknown_algorithm_and_kind(self):
        with self.assertRaises(loadlab.ScenarioError) as ctx:
            loadlab.run(self.scenario(algorithms=["no_such"]))
        self.assertIn("algorithms", ctx.exception.field)
        with self.assertRaises(loadlab.ScenarioError) as ctx:
            loadlab.algorithms("no_such_kind")
        self.assertEqual(ctx.exception.field, "kind")

    def test_values_json_cannot_hold(self):
        with self.assertRaises(TypeError) as ctx:
            loadlab.run(self.scenario(name=object()))
        self.assertIn("scenario/name", str(ctx.exception))
        with self.assertRaises(TypeError):
            loadlab.run([1, 2])
        with self.assertRaises(loadlab.ScenarioError):
            loadlab.run("{not json")
        with self.assertRaises(loadlab.ScenarioError) as ctx:
            loadlab.run(self.scenario(), engine="gpu")
        self.assertEqual(ctx.exception.field, "engine")


class Catalogue(unittest.TestCase):
    def test_kinds_and_algorithms(self):
        self.assertEqual(set(loadlab.kinds()),
                         {"balance", "dag", "dlt", "dynamic", "loop", "os", "partition"})
        for name in ("heft", "etf", "mcp", "flb"):
            self.assertIn(name, loadlab.algorithms("dag"))

    def test_every_algorithm_of_every_kind_runs(self):
        # Each kind's example (or preset), with all its algorithms: every entry is verified or
        # carries the run-time "error" object the CLI documents.
        # The papers' small worked examples first (the optimal search stays cheap on them).
        bases = {}
        for name, _ in loadlab.presets():
            s = loadlab.preset(name)
            bases.setdefault(s["kind"], s)
        for path in sorted(glob.glob(os.path.join(EXAMPLES, "*.json"))):
            with open(path, encoding="utf-8") as f:
                s = json.load(f)
            bases.setdefault(s["kind"], s)
        self.assertEqual(set(bases), set(loadlab.kinds()))
        for kind, s in bases.items():
            names = loadlab.algorithms(kind)
            for name in names:
                with self.subTest(kind=kind, algorithm=name):
                    one = dict(s, algorithms=[name])
                    try:
                        result = loadlab.run(one)
                    except loadlab.ScenarioError as e:
                        # Some algorithms need fields (e.g. a machine) the base lacks: the error must
                        # name a field, never be a crash.
                        self.assertTrue(e.field, str(e))
                        continue
                    entry = result["results"][0]
                    self.assertEqual(entry["algorithm"], name)
                    self.assertTrue(entry.get("verified") is True or isinstance(entry.get("error"), (dict, str)),
                                    entry.keys())

    def test_presets_round_trip_through_links(self):
        for name, title in loadlab.presets():
            s = loadlab.preset(name)
            link = loadlab.link(s)
            self.assertTrue(link.startswith("#s="), link)
            self.assertEqual(loadlab.unlink(link), loadlab.unlink("https://example.org/" + link))
            self.assertEqual(loadlab.unlink(link)["kind"], s["kind"])
            if not name.startswith("big_"):  # the big presets are for the playground's timing
                self.assertEqual(loadlab.run(loadlab.unlink(link))["kind"], s["kind"])

    def test_link_matches_cli(self):
        for path in sorted(glob.glob(os.path.join(EXAMPLES, "*.json"))):
            with open(path, encoding="utf-8") as f:
                s = json.load(f)
            self.assertEqual(loadlab.link(s), cli("link", path).stdout.strip(), path)
            self.assertEqual(loadlab.unlink(loadlab.link(s)), loadlab.read_scenario(path))


class StandInDiGraph:
    """The part of networkx.DiGraph from_networkx uses (networkx itself is not installed)."""

    def __init__(self):
        self._nodes, self._edges = {}, []

    def add_node(self, n, **attrs):
        self._nodes[n] = attrs

    def add_edge(self, u, v, **attrs):
        self._nodes.setdefault(u, {})
        self._nodes.setdefault(v, {})
        self._edges.append((u, v, attrs))

    def is_directed(self):
        return True

    def nodes(self, data=False):
        return list(self._nodes.items()) if data else list(self._nodes)

    def edges(self, data=False):
        return list(self._edges) if data else [(u, v) for u, v, _ in self._edges]


def makespans(result):
    return {r["algorithm"]: r["makespan"] for r in result["results"]}


class FromNetworkx(unittest.TestCase):
    def fork(self, comm):
        # a (1) -> b (4), a -> c (4), each edge costing `comm`.
        g = StandInDiGraph()
        for n, w in (("a", 1), ("b", 4), ("c", 4)):
            g.add_node(n, weight=w)
        g.add_edge("a", "b", weight=comm)
        g.add_edge("a", "c", weight=comm)
        return g

    def test_fork_on_two_processors(self):
        # Free messages: b and c run side by side after a, 1 + 4 = 5. Messages of 10: staying on
        # one processor (1 + 4 + 4 = 9) beats any move (>= 1 + 10 + 4 = 15).
        algs = ["heft", "etf", "mcp"]
        free = loadlab.run(loadlab.from_networkx(self.fork(0), processors=2, algorithms=algs))
        dear = loadlab.run(loadlab.from_networkx(self.fork(10), processors=2, algorithms=algs))
        self.assertEqual(makespans(free), {a: 5.0 for a in algs})
        self.assertEqual(makespans(dear), {a: 9.0 for a in algs})
        self.assertTrue(all(r["verified"] for r in free["results"] + dear["results"]))

    def test_attributes_and_defaults(self):
        g = StandInDiGraph()
        g.add_node(1, w=2.5)
        g.add_node(2)  # no cost: default_cost
        g.add_edge(1, 2, comm=7)
        s = loadlab.from_networkx(g, cost="w", edge_cost="comm", processors=3, default_cost=4,
                                  name="tiny", seed=9)
        self.assertEqual(s["graph"], {"tasks": [{"id": "1", "cost": 2.5}, {"id": "2", "cost": 4.0}],
                                      "edges": [{"from": "1", "to": "2", "cost": 7.0}]})
        self.assertEqual((s["processors"], s["name"], s["seed"], s["kind"]), (3, "tiny", 9, "dag"))
        loadlab.validate(s)
        # One processor: the makespan is the total work whatever the messages cost.
        one = loadlab.run(dict(s, processors=1))
        self.assertEqual(one["results"][0]["makespan"], 6.5)

    def test_bad_graphs(self):
        g = StandInDiGraph()
        g.add_node("a", weight=-1)
        with self.assertRaises(loadlab.ScenarioError) as ctx:
            loadlab.from_networkx(g)
        self.assertEqual(ctx.exception.field, "graph/tasks/0/weight")
        g = StandInDiGraph()
        g.add_node(1)
        g.add_node("1")
        with self.assertRaises(loadlab.ScenarioError):
            loadlab.from_networkx(g)
        g = self.fork(0)
        g.add_edge("c", "a")  # a cycle
        with self.assertRaises(loadlab.ScenarioError) as ctx:
            loadlab.run(loadlab.from_networkx(g))
        self.assertIn("cycle", str(ctx.exception))
        undirected = self.fork(0)
        undirected.is_directed = lambda: False
        with self.assertRaises(loadlab.ScenarioError):
            loadlab.from_networkx(undirected)
        with self.assertRaises(TypeError):
            loadlab.from_networkx(object())


class Readers(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)

    def write(self, name, text):
        path = os.path.join(self.tmp.name, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return path

    def same_as_cli_file_reference(self, graph_dict, filename, processors=2):
        # The module's reader output, inlined, schedules exactly as the CLI reading the file.
        algs = ["heft", "etf"]
        by_file = {"loadlab": 1, "kind": "dag", "processors": processors,
                   "graph": {"file": filename}, "algorithms": algs}
        path = self.write("by_file.json", json.dumps(by_file))
        cli_result = json.loads(cli("run", path).stdout)
        inline = dict(by_file, graph=graph_dict)
        self.assertEqual(makespans(loadlab.run(inline)), makespans(cli_result))
        return makespans(cli_result)

    def test_stg_chain(self):
        # Kasahara STG: two real tasks (costs 3 and 4) in a chain between the dummy entry and exit.
        text = "2\n0 0 0\n1 3 1 0\n2 4 1 1\n3 0 1 2\n# a chain\n"
        self.write("chain.stg", text)
        g = loadlab.read_graph(os.path.join(self.tmp.name, "chain.stg"))
        self.assertEqual(g, loadlab.parse_stg(text))
        self.assertEqual(sum(t["cost"] for t in g["tasks"]), 7)
        spans = self.same_as_cli_file_reference(g, "chain.stg")
        self.assertEqual(spans, {"heft": 7.0, "etf": 7.0})  # a chain: the sum of its costs

    def test_dot_fork(self):
        # a (2) -> b (3), a -> c (4), messages of 1, on two processors: c after a on one
        # processor (6) and b on the other (2 + 1 + 3 = 6) is optimal; every other placement is
        # >= 7 (both on one: 9).
        text = ("digraph g {\n a [size=2];\n b [size=3];\n c [size=4];\n"
                " a -> b [size=1];\n a -> c [size=1];\n}\n")
        self.write("fork.dot", text)
        g = loadlab.read_graph(os.path.join(self.tmp.name, "fork.dot"))
        self.assertEqual(g, loadlab.parse_dot(text))
        self.assertEqual(len(g["edges"]), 2)
        self.assertEqual(self.same_as_cli_file_reference(g, "fork.dot")["heft"], 6.0)

    def test_wfcommons(self):
        # A writes f1 (200 bytes), B reads it: at 100 bytes/s the message takes 2.
        doc = {"name": "two", "schemaVersion": "1.5", "workflow": {
            "specification": {
                "tasks": [{"id": "A", "name": "A", "parents": [], "children": ["B"],
                           "inputFiles": [], "outputFiles": ["f1"]},
                          {"id": "B", "name": "B", "parents": ["A"], "children": [],
                           "inputFiles": ["f1"], "outputFiles": []}],
                "files": [{"id": "f1", "sizeInBytes": 200}]},
            "execution": {"makespanInSeconds": 8,
                          "tasks": [{"id": "A", "runtimeInSeconds": 3},
                                    {"id": "B", "runtimeInSeconds": 5}]}}}
        path = self.write("two.json", json.dumps(doc))
        g = loadlab.read_graph(path, bandwidth=100)
        self.assertEqual(g, loadlab.parse_wfcommons(json.dumps(doc), 100))
        self.assertEqual({t["id"]: t["cost"] for t in g["tasks"]}, {"A": 3, "B": 5})
        self.assertEqual([(e["from"], e["to"], e["cost"]) for e in g["edges"]], [("A", "B", 2)])

    def test_real_wfcommons_and_bad_files(self):
        data = os.path.join(os.environ.get("LOADLAB_SHARED_DIR", ""), "data", "wfcommons")
        files = sorted(glob.glob(os.path.join(data, "*.json")))[:1]
        for path in files:
            g = loadlab.read_graph(path, bandwidth=1e8)
            with open(path, encoding="utf-8") as f:
                self.assertEqual(g, loadlab.parse_wfcommons(f.read(), 1e8))
            self.assertGreater(len(g["tasks"]), 1)
        with self.assertRaises(loadlab.ScenarioError) as ctx:
            loadlab.parse_stg("2\n0 0 0\n1 x 0\n")
        self.assertIn("line", ctx.exception.field)
        with self.assertRaises(loadlab.ScenarioError):
            loadlab.parse_dot("digraph { a -> }")
        with self.assertRaises(loadlab.ScenarioError):
            loadlab.read_graph(os.path.join(self.tmp.name, "missing.stg"))

    def test_metis_square(self):
        # A 4-cycle 1-2-3-4-1 (1-based in the file).
        path = self.write("square.graph", "% a square\n4 4\n2 4\n1 3\n2 4\n1 3\n")
        xyz = self.write("square.xyz", "0 0\n1 0\n1 1\n0 1\n")
        mesh = loadlab.read_metis(path, coordinates=xyz)
        self.assertEqual(mesh["vertices"], 4)
        self.assertEqual(sorted(map(tuple, mesh["edges"])), [(0, 1), (0, 3), (1, 2), (2, 3)])
        self.assertEqual(mesh["coordinates"], [[0, 0], [1, 0], [1, 1], [0, 1]])
        scenario = {"loadlab": 1, "kind": "partition", "parts": 2, "mesh": mesh,
                    "algorithms": loadlab.algorithms("partition")[:2]}
        by_file = dict(scenario, mesh={"file": "square.graph", "coordinates": "square.xyz"})
        cli_out = cli("run", self.write("p.json", json.dumps(by_file))).stdout
        ours = loadlab.run(scenario)
        theirs = json.loads(cli_out)
        self.assertEqual(without_times(ours), without_times(theirs))
        # Halving a cycle into two paths of two cuts exactly two edges, the fewest possible.
        self.assertEqual([r["edge_cut"] for r in ours["results"]], [2, 2])
        with self.assertRaises(ValueError):
            loadlab.read_metis(self.write("bad.graph", "3 1\n2\n1\n"))


class TypedResults(unittest.TestCase):
    def test_schedule_columns(self):
        result = loadlab.run(loadlab.read_scenario(os.path.join(EXAMPLES, "dag_lu_p4.json")))
        entry = result["results"][0]
        table = loadlab.columns(entry["schedule"])
        self.assertEqual(set(table), {"task", "proc", "start", "finish"})
        self.assertEqual(len(table["task"]), entry["graph"]["tasks"])
        self.assertAlmostEqual(max(table["finish"]), entry["makespan"])
        with self.assertRaises(KeyError):
            loadlab.columns([{"a": 1}, {"b": 2}])


class Gil(unittest.TestCase):
    def test_other_threads_run_while_an_algorithm_runs(self):
        scenario = {"loadlab": 1, "kind": "dag", "processors": 8,
                    "graph": {"generator": "lu", "size": 70}, "algorithms": ["etf", "mcp", "heft"]}
        window = {}

        def work():
            window["start"] = time.perf_counter()
            loadlab.run(scenario)
            window["end"] = time.perf_counter()

        ticks = []
        t = threading.Thread(target=work)
        t.start()
        while t.is_alive():
            ticks.append(time.perf_counter())
        t.join()
        inside = [x for x in ticks if window["start"] < x < window["end"]]
        # Holding the GIL through the run would leave this thread at most a switch or two.
        self.assertGreater(len(inside), 100, (window["end"] - window["start"], len(inside)))


if __name__ == "__main__":
    unittest.main()
