// The OpenGL 3 / WebGL2 declarations for the app's custom renderers (one place for the platform
// switch): GLES 3 under Emscripten, desktop GL with extension prototypes natively.
#pragma once

#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#else
#ifndef GL_GLEXT_PROTOTYPES
#define GL_GLEXT_PROTOTYPES 1
#endif
#include <GL/gl.h>
#include <GL/glext.h>
#endif
