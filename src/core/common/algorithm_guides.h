// When each algorithm is the right choice and when it is not, with the preset that shows it: the
// help panel's "Good when / Bad when / Example". Kept apart from the kinds' descriptor rows so the
// rows stay one screen each; attach_algorithm_guides (algorithm_info.h) joins them by name.
// Claims quote what `loadlab run` gives on the named preset, or what the cited paper states.
#pragma once

#include <vector>

namespace loadlab::core {

struct AlgorithmGuide {
  const char* kind;
  const char* name;
  const char* good_when;
  const char* bad_when;
  const char* example;  ///< preset name
};

const std::vector<AlgorithmGuide>& algorithm_guides_general();  // algorithm_guides.cpp
const std::vector<AlgorithmGuide>& algorithm_guides_dag();      // algorithm_guides_dag.cpp

}  // namespace loadlab::core
