// The fitted costs of WfCommons' recipes for generators_wfchef.cpp (see its header for how they
// are drawn): per task type the runtime and output-file distributions of
// wfcommons/wfchef/recipes/<app>/task_type_stats.json in wfcommons/WfCommons (Coleman et al.,
// "WfCommons: A Framework for Enabling Scientific Workflow Research and Development", FGCS 2022),
// constants copied as the files write them: montage and seismology at
// 6e048f6257d8e007bf2d8e0ed4a1d2a3ccd5e079, genome, cycles and soykb at
// 7fb61b977ebd22c6e9c44ab4e675649767601576, bwa at 8b2487e2555a57feb6d938f7ba2df15b771d5504.
// Scipy's parameter order: shapes, then loc, then scale.
#include "core/dag/wfchef_recipes.h"

namespace loadlab::core {

namespace {

using util::ScipyDist;
using util::ScipyFamily;

constexpr ScipyDist wfchef_rdist(double c, double loc, double scale) {
  return {ScipyFamily::rdist, c, 0, loc, scale};
}
constexpr ScipyDist wfchef_trapezoid(double c, double d, double loc, double scale) {
  return {ScipyFamily::trapezoid, c, d, loc, scale};
}
constexpr ScipyDist wfchef_dweibull(double c, double loc, double scale) {
  return {ScipyFamily::dweibull, c, 0, loc, scale};
}
constexpr ScipyDist wfchef_argus(double chi, double loc, double scale) {
  return {ScipyFamily::argus, chi, 0, loc, scale};
}
constexpr ScipyDist wfchef_norm(double loc, double scale) {
  return {ScipyFamily::norm, 0, 0, loc, scale};
}
constexpr ScipyDist wfchef_arcsine(double loc, double scale) {
  return {ScipyFamily::arcsine, 0, 0, loc, scale};
}
WfchefOutput wfchef_fixed(double bytes) {
  return {ScipyDist{}, bytes, 1, true};
}
constexpr ScipyDist wfchef_beta(double a, double b, double loc, double scale) {
  return {ScipyFamily::beta, a, b, loc, scale};
}

}  // namespace

const std::vector<WfchefRecipe>& wfchef_recipe_table() {
  // The constants as task_type_stats.json writes them (see the header for path and commit).
  constexpr ScipyDist kRdist =
      wfchef_rdist(1.750426650564894, 0.9999999999999998, 2.3624681987884834e-16);
  constexpr ScipyDist kRdist1 = wfchef_rdist(1.7504259613885509, 1.0, 4.589985375327013e-23);
  constexpr ScipyDist kRdistSoy =
      wfchef_rdist(1.7504259269384672, 0.9999999999938114, 6.18860928332036e-12);
  constexpr ScipyDist kArcsineBwa = wfchef_arcsine(-0.2258070520586602, 1.2258070520586604);
  // In [0, 0.00265]: below WfCommons' 0.1 floor, so a tenth of the maximum.
  constexpr ScipyDist kRdistLow =
      wfchef_rdist(1.5504806356651624, 0.0013236200991527764, 0.0013236200991527767);
  constexpr ScipyDist kDweibull =
      wfchef_dweibull(0.20992656025887707, 0.0769230769230769, 0.49663251368568506);
  static const std::vector<WfchefRecipe> table = {
      {"montage",
       {{"mProject",
         kRdist,
         1263.481,
         {{wfchef_trapezoid(1.0, 1.0, -0.10500000000000001, 1.2), 55002240, 2}}},
        {"mDiffFit", kRdist, 46.525, {{kRdist, 302, 1}}},
        {"mConcatFit", kDweibull, 12.386, {{kDweibull, 430977, 1}}},
        {"mBgModel", kDweibull, 110.529, {{kDweibull, 23706, 1}}},
        {"mBackground", kRdist, 114.103, {{kRdist, 55002240, 2}}},
        {"mImgtbl",
         wfchef_beta(0.03131892158773926, 0.12760993930283776, -0.0988503726933758,
                     1.098850372693376),
         1.762,
         {{kDweibull, 188372, 1}}},
        {"mAdd",
         wfchef_beta(0.03349574167423819, 0.12828965289596933, -0.09687874540363708,
                     1.0968787454036373),
         23.162,
         {{kRdist1, 414722880, 2}}},
        {"mViewer",
         wfchef_rdist(1.7477959945075243, 1.0, 1.6924905658231621e-21),
         68.368,
         {{wfchef_dweibull(0.6923569888482566, 0.04166666666666667, 0.400886091650705), 101394221,
           1},
          {wfchef_dweibull(0.7538963614325854, 0.03225806451612902, 0.47055449761850887), 26219448,
           1}}}},
       {{"mBackground", "mImgtbl", 0}, {"mAdd", "mViewer", 1}}},
      {"genome",
       {{"individuals",
         wfchef_argus(5.195366960167635e-05, -0.6923240599242786, 1.6948569025371873),
         192.232,
         {{wfchef_argus(0.0024394427876728523, -0.411542131610374, 1.4125981096726774), 29311, 1}}},
        {"individuals_merge",
         wfchef_rdist(1.0381380525174126, 0.8856734445741212, 0.6098113756086041),
         157.346,
         {{wfchef_norm(0.1810699588477366, 0.26861113455666213), 27336, 1}}},
        {"sifting",
         wfchef_norm(0.20370370370370366, 0.2753559549391278),
         22.686,
         {{wfchef_dweibull(1.727468520735635, 0.1982279794020313, 0.29839665578862673), 2126612,
           1}}},
        {"mutation_overlap",
         wfchef_argus(0.00026192730594807505, -0.7075548744414277, 1.7102271901418185),
         92.154,
         {{wfchef_trapezoid(1.0, 1.0, -0.10500000000000001, 1.2), 172605, 1}}},
        {"frequency",
         wfchef_dweibull(1.3710340206922134, 0.1939059617308234, 0.23184013931258757),
         238.26,
         {{wfchef_argus(0.0013405464361447438, -0.5587070759363937, 1.561653731136413), 298487,
           1}}}},
       {}},
      {"seismology",
       {{"sG1IterDecon",
         wfchef_argus(1.7064100735232294e-05, -0.7177573513504376, 1.7186300350031756),
         5.615,
         {{wfchef_trapezoid(1.0, 1.0, -0.10500000000000001, 1.2), 17016, 1}}},
        {"wrapper_siftSTFByMisfit",
         wfchef_rdist(1.5504806356651624, 0.0013236200991527764, 0.0013236200991527767),
         1.351,
         {{wfchef_rdist(1.5504806356651624, 0.0013236200991527764, 0.0013236200991527767), 687098,
           1}}}},
       {}},
      {"cycles",
       {{"baseline_cycles",
         wfchef_argus(5.734652014997823e-05, -0.6805728508716575, 1.6811901314620572),
         110.598,
         {{kRdist, 1808675, 1},
          {wfchef_trapezoid(1.0, 1.0, -0.10500000000000001, 1.2), 281, 1},
          {wfchef_argus(4.427079012898356e-05, -0.7120439234477358, 1.712710243275252), 4458415,
           1}}},
        {"cycles",
         wfchef_argus(2.4601472008810825e-05, -0.760671189673141, 1.761325389492184),
         101.596,
         {{wfchef_argus(3.76005481127054e-05, -0.6638469786758867, 1.6644768181414857), 4476265, 1},
          {kRdist, 1808675, 1},
          {wfchef_trapezoid(1.0, 1.0, -0.10500000000000001, 1.2), 281, 1}}},
        {"fertilizer_increase_cycles",
         wfchef_argus(0.00024090845979553212, -0.7571715014318916, 1.757837187249918),
         101.229,
         {{wfchef_trapezoid(1.0, 1.0, -0.10500000000000001, 1.2), 282, 1},
          {kRdist, 1808675, 1},
          {wfchef_argus(5.012766959293754e-05, -0.6684439199051191, 1.6690337988564448), 4486752,
           1}}},
        {"cycles_fertilizer_increase_output_parser",
         wfchef_trapezoid(1.0, 1.0, -0.10500000000000001, 1.2),
         1.235,
         {{wfchef_argus(0.0002218467867105605, -0.7480684549751317, 1.7487201180830585), 8604, 1}}},
        {"cycles_output_summary",
         wfchef_norm(0.08688656476267097, 0.2572832376513094),
         0.39,
         {{kRdist1, 257366, 1}}},
        {"cycles_fertilizer_increase_output_summary",
         wfchef_argus(0.0001699057370632583, -0.703883277161877, 1.7272982844402591),
         0.538,
         {{kRdist1, 422954, 1}}},
        {"cycles_plots",
         wfchef_beta(0.11165228211118816, 0.32785735039410685, -0.09952333240693918,
                     1.0995233324069393),
         514.566,
         {{wfchef_norm(0.35, 0.36784847423905404), 6383929, 1}}}},
       {}},
      {"soykb",
       {{"alignment_to_reference",
         wfchef_rdist(1.0497506699055814, 0.8751735665957343, 0.5778762692984372),
         133.207,
         {wfchef_fixed(112561)}},
        {"sort_sam",
         wfchef_arcsine(-0.09850603366048286, 1.098506033660483),
         89.242,
         {wfchef_fixed(127424), wfchef_fixed(36576)}},
        {"dedup",
         wfchef_rdist(1.056503552352268, 0.8880507079714015, 0.5907534106741043),
         152.024,
         {wfchef_fixed(127424), {kRdistSoy, 37470, 1}}},
        {"add_replace",
         wfchef_arcsine(-0.09850603366048286, 1.098506033660483),
         139.801,
         {wfchef_fixed(127424),
          {wfchef_beta(0.028007929445023696, 0.16801064212397998, -0.08122143521923508,
                       1.0812214352192353),
           37956, 1}}},
        {"realign_target_creator",
         wfchef_arcsine(-0.08648046099196244, 1.0864804609919627),
         474.546,
         {wfchef_fixed(40)}},
        {"indel_realign",
         wfchef_rdist(1.054143443775926, 0.8779716509043156, 0.6087408816735466),
         154.005,
         {{wfchef_rdist(1.0354552049234393, 0.9230820838539932, 0.5764154171873266), 39554, 1},
          wfchef_fixed(127424)}},
        {"haplotype_caller",
         wfchef_argus(0.0008690793369530592, -0.6114566529512571, 1.6139824159282967),
         709.504,
         {{kRdist, 75728, 1},
          {wfchef_trapezoid(0.9999999999999999, 1.0, -0.10500000000000001, 1.1999999999999997),
           28449, 1}}},
        {"genotype_gvcfs",
         wfchef_arcsine(-0.09850603366048286, 1.098506033660483),
         899.232,
         {{kRdistSoy, 83149, 1}, {kRdistSoy, 28584, 1}}},
        {"merge_gcvf", kRdistLow, 37861.356, {{kRdistLow, 29187, 1}, {kRdistLow, 250300, 1}}},
        {"combine_variants", kRdistLow, 163.914, {{kRdistLow, 28577, 1}, {kRdistLow, 87692, 1}}},
        {"select_variants_indel", kRdistLow, 207.667, {{kRdistLow, 72804, 1}}},
        {"select_variants_snp", kRdistLow, 197.487, {{kRdistLow, 86556, 1}}},
        {"filtering_indel", kRdistLow, 338.588, {{kRdistLow, 28576, 1}, {kRdistLow, 75525, 1}}},
        {"filtering_snp", kRdistLow, 67.509, {{kRdistLow, 28546, 1}, {kRdistLow, 89376, 1}}}},
       {}},
      {"bwa",
       {{"fastq_reduce",
         wfchef_argus(1.599540430972508, -0.5837001726177105, 1.7033104585411558),
         4.724154,
         {{kRdist, 249, 0}}},
        {"bwa_index",
         kArcsineBwa,
         1158.975678,
         {{kArcsineBwa, 1000001, 1},
          {kArcsineBwa, 250001, 1},
          wfchef_fixed(1),
          {kArcsineBwa, 61667, 1},
          {kArcsineBwa, 500001, 1}}},
        {"bwa",
         wfchef_argus(1.787473923386625e-05, -0.7146525478639822, 1.7383310890430437),
         34.912105,
         {{wfchef_trapezoid(1.0, 1.0, -0.10500000000000001, 1.2), 52088, 1}, wfchef_fixed(1)}},
        {"cat_bwa",
         kArcsineBwa,
         519.460108,
         {{wfchef_argus(1.599540430972508, -0.5837001726177105, 1.7033104585411558), 353943, 1}}},
        {"cat",
         wfchef_argus(1.599540430972508, -0.5837001726177105, 1.7033104585411558),
         0.073623,
         {{wfchef_argus(1.599540430972508, -0.5837001726177105, 1.7033104585411558), 133, 1}}}},
       {{"fastq_reduce", "bwa", -1}, {"bwa", "cat_bwa", 0}, {"bwa", "cat", 1}}},
  };
  return table;
}

}  // namespace loadlab::core
