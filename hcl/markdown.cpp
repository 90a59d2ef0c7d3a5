#include "hcl/markdown.hpp"

#include <algorithm>
#include <cctype>

namespace tfc::hcl {

namespace {

struct Fence {
  char ch = 0;
  std::size_t length = 0;
  std::string info;
};

// A fence line: up to a few spaces of indentation (more in list items), then the fence.
bool fence_of(std::string_view line, Fence& fence) {
  std::size_t i = 0;
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
  if (i >= line.size() || (line[i] != '`' && line[i] != '~')) return false;
  const char ch = line[i];
  std::size_t n = 0;
  while (i + n < line.size() && line[i + n] == ch) ++n;
  if (n < 3) return false;
  std::string_view rest = line.substr(i + n);
  while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t')) rest.remove_prefix(1);
  std::size_t word = 0;
  while (word < rest.size() && !std::isspace(static_cast<unsigned char>(rest[word])) && rest[word] != '{' &&
         rest[word] != '`') {
    ++word;
  }
  fence.ch = ch;
  fence.length = n;
  fence.info = std::string(rest.substr(0, word));
  std::transform(fence.info.begin(), fence.info.end(), fence.info.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return true;
}

bool closes(std::string_view line, const Fence& open) {
  Fence f;
  if (!fence_of(line, f)) return false;
  return f.ch == open.ch && f.length >= open.length && f.info.empty();
}

}  // namespace

std::vector<CodeFence> terraform_fences(std::string_view markdown) {
  std::vector<CodeFence> out;
  std::size_t pos = 0;
  int line_no = 0;
  bool inside = false;
  bool wanted = false;
  Fence open;
  CodeFence current;
  while (pos <= markdown.size()) {
    const std::size_t nl = markdown.find('\n', pos);
    std::string_view line = markdown.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    ++line_no;
    if (!inside) {
      if (fence_of(line, open)) {
        inside = true;
        wanted = open.info == "terraform" || open.info == "hcl" || open.info == "tf";
        current = CodeFence{"", line_no + 1};
      }
    } else if (closes(line, open)) {
      inside = false;
      if (wanted) out.push_back(std::move(current));
    } else if (wanted) {
      current.text += line;
      current.text += '\n';
    }
    if (nl == std::string_view::npos) break;
    pos = nl + 1;
  }
  if (inside && wanted) out.push_back(std::move(current));  // an unclosed fence runs to the end
  return out;
}

}  // namespace tfc::hcl
