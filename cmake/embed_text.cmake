# Turns one text file into a header with one raw string literal: -DIN=file -DOUT=header -DNAME=kName.
# Split into pieces of at most 8,000 characters (string literal limits), joined by the compiler.
file(READ ${IN} text)
string(LENGTH "${text}" n)
set(out "// Generated from ${IN} by cmake/embed_text.cmake. Do not edit.\n#pragma once\n\ninline constexpr const char* ${NAME} =\n")
set(pos 0)
while(pos LESS n)
  string(SUBSTRING "${text}" ${pos} 8000 piece)
  string(APPEND out "    R\"LLTEXT(${piece})LLTEXT\"\n")
  math(EXPR pos "${pos} + 8000")
endwhile()
string(APPEND out "    \"\";\n")
file(WRITE ${OUT} "${out}")
