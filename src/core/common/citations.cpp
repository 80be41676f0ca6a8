// The citation table. The five seed papers' details are from their own title pages (the Houstis
// survey and the course notes carry no venue; the survey is dated 17 September 1996); the other
// sources are the ones the algorithm files' headers cite.
#include "core/common/citations.h"

#include <stdexcept>

namespace loadlab::core {

const std::vector<Citation>& citations() {
  static const std::vector<Citation> table = {
      {"wu1997", "M.-Y. Wu", "Wu (1997)",
       "On Runtime Parallel Scheduling for Processor Load Balancing",
       "IEEE Transactions on Parallel and Distributed Systems", "1997", ""},
      {"radulescu1999", "A. Radulescu and A. J. C. van Gemund", "Radulescu & van Gemund (1999)",
       "FLB: Fast Load Balancing for Distributed-Memory Machines",
       "Proc. International Conference on Parallel Processing (ICPP)", "1999", ""},
      {"houstis1996", "C. Houstis, S. Kapidakis, E. P. Markatos and E. Gelenbe",
       "Houstis et al. (1996)",
       "Execution of Compute-Intensive Applications into Parallel Machines",
       "survey (manuscript dated 17 September 1996)", "1996", ""},
      {"notes", "course notes, CSE 4351/5351 (Parallel Processing)", "the course notes",
       "Notes 7: Task Scheduling & Load Balancing", "lecture notes", "undated", ""},
      {"li2001", "X. Li, B. Veeravalli and C. C. Ko", "Li, Veeravalli & Ko (2001)",
       "Divisible Load Scheduling on a Hypercube Cluster with Finite-size Buffers and Granularity "
       "Constraints",
       "Proc. IEEE/ACM International Symposium on Cluster Computing and the Grid (CCGrid)", "2001",
       ""},
      {"topcuoglu2002", "H. Topcuoglu, S. Hariri and M.-Y. Wu", "Topcuoglu, Hariri & Wu (2002)",
       "Performance-effective and low-complexity task scheduling for heterogeneous computing",
       "IEEE Transactions on Parallel and Distributed Systems 13(3)", "2002",
       "https://doi.org/10.1109/71.993206"},
      {"bittencourt2010", "L. F. Bittencourt, R. Sakellariou and E. R. M. Madeira",
       "Bittencourt, Sakellariou & Madeira (2010)",
       "DAG scheduling using a lookahead variant of the Heterogeneous Earliest Finish Time "
       "algorithm",
       "Euromicro Conference on Parallel, Distributed and Network-based Processing (PDP)", "2010",
       ""},
      {"arabnejad2014", "H. Arabnejad and J. G. Barbosa", "Arabnejad & Barbosa (2014)",
       "List scheduling algorithm for heterogeneous systems by an optimistic cost table",
       "IEEE Transactions on Parallel and Distributed Systems 25(3)", "2014", ""},
      {"kruatrachue1988", "B. Kruatrachue and T. Lewis", "Kruatrachue & Lewis (1988)",
       "Grain Size Determination for Parallel Processing", "IEEE Software 5(1)", "1988", ""},
      {"chung1992", "Y.-C. Chung and S. Ranka", "Chung & Ranka (1992)",
       "Application and Performance Analysis of a Compile-Time Optimization Approach for List "
       "Scheduling Algorithms on Distributed Memory Multiprocessors",
       "Proceedings of Supercomputing '92", "1992", ""},
      {"kwok1999", "Y.-K. Kwok and I. Ahmad", "Kwok & Ahmad (1999)",
       "Static Scheduling Algorithms for Allocating Directed Task Graphs to Multiprocessors",
       "ACM Computing Surveys 31(4)", "1999", ""},
      {"ahmad1998", "I. Ahmad and Y.-K. Kwok", "Ahmad & Kwok (1998)",
       "On Exploiting Task Duplication in Parallel Program Scheduling",
       "IEEE Transactions on Parallel and Distributed Systems 9(9)", "1998", ""},
      {"sih1993", "G. C. Sih and E. A. Lee", "Sih & Lee (1993)",
       "A compile-time scheduling heuristic for interconnection-constrained heterogeneous "
       "processor architectures",
       "IEEE Transactions on Parallel and Distributed Systems 4(2)", "1993", ""},
      {"oh1996", "H. Oh and S. Ha", "Oh & Ha (1996)",
       "A static scheduling heuristic for heterogeneous processors", "Euro-Par 1996 (LNCS 1124)",
       "1996", ""},
      {"sakellariou2004", "R. Sakellariou and H. Zhao", "Sakellariou & Zhao (2004)",
       "A hybrid heuristic for DAG scheduling on heterogeneous systems",
       "13th Heterogeneous Computing Workshop (IPDPS)", "2004", ""},
      {"stone1977", "H. S. Stone", "Stone (1977)",
       "Multiprocessor scheduling with the aid of network flow algorithms",
       "IEEE Transactions on Software Engineering SE-3(1)", "1977", ""},
      {"braun2001", "T. D. Braun et al.", "Braun et al. (2001)",
       "A comparison of eleven static heuristics for mapping a class of independent tasks onto "
       "heterogeneous distributed computing systems",
       "Journal of Parallel and Distributed Computing 61(6)", "2001", ""},
      {"maheswaran1999", "M. Maheswaran, S. Ali, H. J. Siegel, D. Hensgen and R. F. Freund",
       "Maheswaran et al. (1999)",
       "Dynamic mapping of a class of independent tasks onto heterogeneous computing systems",
       "Journal of Parallel and Distributed Computing 59(2)", "1999", ""},
      {"saga", "J. Coleman and B. Krishnamachari", "Coleman & Krishnamachari (2024)",
       "PISA: an adversarial approach to comparing task graph scheduling algorithms "
       "(with the SAGA scheduler library)",
       "preprint and open-source library", "2024", "https://github.com/ANRGUSC/saga"},
      {"park1997", "G.-L. Park, B. Shirazi, J. Marquis and H. Choo", "Park et al. (1997)",
       "Decisive path scheduling: a new list scheduling method",
       "Proc. International Conference on Parallel Processing (ICPP)", "1997", ""},
      {"blythe2005", "J. Blythe, S. Jain, E. Deelman, Y. Gil, K. Vahi, A. Mandal and K. Kennedy",
       "Blythe et al. (2005)",
       "Task scheduling strategies for workflow-based applications in grids",
       "IEEE International Symposium on Cluster Computing and the Grid (CCGrid)", "2005", ""},
      {"hendrickson1995", "B. Hendrickson and R. Leland", "Hendrickson & Leland (1995)",
       "A multilevel algorithm for partitioning graphs", "Proc. Supercomputing '95", "1995", ""},
      {"karypis1998", "G. Karypis and V. Kumar", "Karypis & Kumar (1998)",
       "A fast and high quality multilevel scheme for partitioning irregular graphs",
       "SIAM Journal on Scientific Computing 20(1)", "1998", ""},
      {"hummel1992", "S. F. Hummel, E. Schonberg and L. E. Flynn",
       "Hummel, Schonberg & Flynn (1992)", "Factoring: a method for scheduling parallel loops",
       "Communications of the ACM 35(8)", "1992", ""},
      {"kruskal1985", "C. P. Kruskal and A. Weiss", "Kruskal & Weiss (1985)",
       "Allocating independent subtasks on parallel processors",
       "IEEE Transactions on Software Engineering 11(10)", "1985", ""},
      {"lb4omp", "J. H. Muller Korndorfer et al.", "the LB4OMP library (2022)",
       "LB4OMP: A Dynamic Load Balancing Library for Multithreaded Applications",
       "IEEE Transactions on Parallel and Distributed Systems 33(4)", "2022",
       "https://github.com/unibas-dmi-hpc/LB4OMP"},
  };
  return table;
}

const Citation* find_citation(std::string_view key) {
  for (const auto& c : citations())
    if (key == c.key) return &c;
  return nullptr;
}

std::vector<SourceRef> parse_sources(std::string_view paper) {
  std::vector<SourceRef> out;
  while (!paper.empty()) {
    // "; " separates sources only outside parentheses ("(reference [39]; as printed)" is one).
    std::size_t semi = std::string_view::npos;
    int depth = 0;
    for (std::size_t i = 0; i + 1 < paper.size() && semi == std::string_view::npos; ++i) {
      depth += paper[i] == '(' ? 1 : paper[i] == ')' ? -1 : 0;
      if (depth == 0 && paper[i] == ';' && paper[i + 1] == ' ') semi = i;
    }
    std::string_view seg = paper.substr(0, semi);
    paper = semi == std::string_view::npos ? std::string_view{} : paper.substr(semi + 2);
    SourceRef r;
    r.raw = std::string(seg);
    const std::size_t sp = seg.find(' ');
    r.citation = find_citation(seg.substr(0, sp));
    if (r.citation && sp != std::string_view::npos) r.where = std::string(seg.substr(sp + 1));
    out.push_back(std::move(r));
  }
  return out;
}

std::string cite_sources(std::string_view paper) {
  std::string out;
  for (const auto& r : parse_sources(paper)) {
    if (!out.empty()) out += "; ";
    if (!r.citation) {
      out += r.raw;
      continue;
    }
    out += r.citation->short_name;
    if (!r.where.empty()) out += ", " + r.where;
  }
  return out;
}

std::string cite_full(const Citation& c) {
  std::string s = std::string(c.authors) + ", \"" + c.title + "\", " + c.venue + ", " + c.year;
  if (*c.link) s += ". " + std::string(c.link);
  return s;
}

std::string cite_full(std::string_view key, std::string_view where) {
  const Citation* c = find_citation(key);
  if (!c) throw std::invalid_argument("no citation '" + std::string(key) + "' in the table");
  std::string s = cite_full(*c);
  if (!where.empty()) s += ", " + std::string(where);
  return s;
}

}  // namespace loadlab::core
