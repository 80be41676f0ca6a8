// The predicted convergence rate of an iterative balancer: the second-largest eigenvalue modulus
// (SLEM) of its sweep's iteration operator, and the parameter minimizing it.
// Paper: ../shared/seeds/003_6046837c8e4c81af.txt, "Overview of Techniques" (optimal exchange and
// diffusion parameters "in terms of convergence"; reference Cybenko 1989).
//
// The operator is applied as a sparse function (never a dense matrix), so this works for 65,536
// nodes and beyond. Every sweep operator here is doubly stochastic, so the constant vector is the
// stationary eigenvector (eigenvalue 1) and its complement (zero-sum vectors) is invariant: we
// deflate by keeping the iterate's mean at zero and run power iteration, taking the geometric mean
// of the norm ratios after a burn-in. The GDE operator is not symmetric (its eigenvalues can be
// complex and, at the optimal lambda, defective), which is why power iteration on norms is used
// rather than Lanczos.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace loadlab::core {

/// x <- M x for the sweep operator M.
using SweepOperator = std::function<void(std::vector<double>& x)>;

struct RateOptions {
  int burn_in = 1500;
  int measure = 1500;
};

/// SLEM of M on zero-sum vectors, by deflated power iteration (deterministic start vector).
double second_eigenvalue_modulus(const SweepOperator& apply, int n, const RateOptions& opts = {});

struct OptimalParameter {
  double value = 0;
  /// "optimal (notes)" or "optimal (numerical)"
  std::string source;
  /// The predicted rate at `value`.
  double rate = 0;
};

/// Golden-section search of the parameter in [lo, hi] minimizing rate(parameter).
double minimize_rate(const std::function<double(double)>& rate, double lo, double hi,
                     int evaluations = 30);

}  // namespace loadlab::core
