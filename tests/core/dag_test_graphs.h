// Small task graphs used by several DAG tests.
#pragma once

#include "core/dag/machine.h"
#include "core/dag/task_graph.h"

namespace loadlab::test {

/// Figure 1 of Radulescu & van Gemund's FLB paper as reconstructed in the seeds' errata (reproduces
/// Table 1).
inline core::TaskGraph flb_figure1() {
  using core::DagEdge;
  return core::TaskGraph({2, 2, 2, 3, 3, 3, 2, 2}, {{0, 1, 1},
                                                    {0, 2, 4},
                                                    {0, 3, 1},
                                                    {1, 4, 2},
                                                    {1, 5, 1},
                                                    {1, 6, 2},
                                                    {3, 5, 1},
                                                    {2, 6, 1},
                                                    {4, 7, 1},
                                                    {5, 7, 3},
                                                    {6, 7, 2}});
}

// Topcuoglu, Hariri, Wu, IEEE TPDS 13(3) 2002, Fig. 2: ten tasks n1..n10 (ids 0..9), edge weights
// = communication cost between different processors, and the 3-processor computation cost
// table. Communication is data / bandwidth with every bandwidth 1, so c-bar = the edge weight.
inline core::TaskGraph topcuoglu2002_graph() {
  return core::TaskGraph(
      {1, 1, 1, 1, 1, 1, 1, 1, 1, 1},  // costs unused: the ETC matrix gives times
      {{0, 1, 18},
       {0, 2, 12},
       {0, 3, 9},
       {0, 4, 11},
       {0, 5, 14},
       {1, 7, 19},
       {1, 8, 16},
       {2, 6, 23},
       {3, 7, 27},
       {3, 8, 23},
       {4, 8, 13},
       {5, 7, 15},
       {6, 9, 17},
       {7, 9, 11},
       {8, 9, 13}},
      {"n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8", "n9", "n10"});
}

inline core::Machine topcuoglu2002_machine() {
  core::Machine m = core::Machine::identical(3);
  m.etc = {14, 16, 9, 13, 19, 18, 11, 13, 19, 13, 8,  17, 12, 13, 10,
           13, 16, 9, 7,  15, 11, 5,  11, 14, 18, 12, 20, 21, 7,  16};
  return m;
}

// Arabnejad & Barbosa, IEEE TPDS 2014 (PEFT): the paper's example graph and cost table as
// transcribed in the public PEFT implementation's test data (see test_dag_hetero.cpp).
inline core::TaskGraph arabnejad2014_graph() {
  return core::TaskGraph({1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, {{0, 1, 17},
                                                          {0, 2, 31},
                                                          {0, 3, 29},
                                                          {0, 4, 13},
                                                          {0, 5, 7},
                                                          {1, 7, 3},
                                                          {1, 8, 30},
                                                          {2, 6, 16},
                                                          {3, 7, 11},
                                                          {3, 8, 7},
                                                          {4, 8, 57},
                                                          {5, 7, 5},
                                                          {6, 9, 9},
                                                          {7, 9, 42},
                                                          {8, 9, 7}});
}

inline core::Machine arabnejad2014_machine() {
  core::Machine m = core::Machine::identical(3);
  m.etc = {22, 21, 36, 22, 18, 18, 32, 27, 43, 7,  10, 4, 29, 27, 35,
           26, 17, 24, 14, 25, 30, 29, 23, 36, 15, 21, 8, 13, 16, 33};
  return m;
}

}  // namespace loadlab::test
