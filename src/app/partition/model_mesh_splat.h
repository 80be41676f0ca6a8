// The partition view's dense meshes as one picture: the square point sprites the mesh shader
// (shaders/mesh.*) would draw, rasterised on the CPU into an RGBA image that is then drawn as one
// textured rectangle (MeshRenderer). A software rasteriser such as SwiftShader spends about a
// microsecond per point sprite, so 15,000-100,000 points cost 30-70 ms a frame, where one screen
// of texels costs a few; the image is rebuilt only when the view or the colours change.
//
// The rule is OpenGL ES 3.0's point rasterisation (section 3.4): a point of size s at window
// position (x, y) covers the pixels whose centres lie in the square [x - s/2, x + s/2) x
// [y - s/2, y + s/2), points drawn later over earlier ones. The corners are snapped to 1/16 pixel
// as a rasteriser with 4 sub-pixel bits does (Vulkan's minimum, SwiftShader's), so the image
// matches what the GPU draws pixel for pixel but for rounding at a corner.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace loadlab::app {

/// Where the points land: framebuffer pixels, y down, as the mesh vertex shader computes them.
struct MeshSplatView {
  float offset_x = 0, offset_y = 0;  ///< pixel of world (0, 0) relative to the mesh's corner
  float scale = 1;                   ///< pixels per world unit
  float point = 1;                   ///< point size in pixels
  int fb_h = 0;                      ///< framebuffer height (GL rows count from its bottom)
  /// The image: GL window pixels [x0, x0 + w) x [y0, y0 + h), y up (glScissor's rectangle).
  int x0 = 0, y0 = 0, w = 0, h = 0;
};

/// Rasterises the points `order` (every vertex in index order when null) of positions `rel` (x, y
/// interleaved, relative to the mesh's corner) in their `rgba` colours (ImU32) into `out`
/// (w * h texels, row 0 the bottom row, as glTexImage2D takes them; 0 where no point falls;
/// alpha forced to 255 elsewhere). Returns the number of points that touched the image.
std::size_t mesh_splat(const std::vector<float>& rel, const std::vector<std::uint32_t>& rgba,
                       const std::vector<unsigned>* order, const MeshSplatView& v,
                       std::vector<std::uint32_t>& out);

/// Whether `points` point sprites are worth one image of `pixels` texels: drawing a texel and a
/// point cost about the same per pixel covered, but a point costs a microsecond or so on its own.
bool mesh_splat_pays(std::size_t points, std::size_t pixels);

}  // namespace loadlab::app
