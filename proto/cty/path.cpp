#include "proto/cty/path.hpp"

#include <cstdio>
#include <stdexcept>

namespace tfc::cty {

namespace {

// Go's %q quoting, which is how Terraform prints map keys in paths.
void go_quote(std::string& out, const std::string& s) {
  out.push_back('"');
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20 || c == 0x7f) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\x%02x", c);
          out += buf;
        } else {
          out.push_back(static_cast<char>(c));
        }
    }
  }
  out.push_back('"');
}

}  // namespace

Path Path::attribute(std::string name) const {
  Path p = *this;
  p.m_steps.emplace_back(AttributeStep{std::move(name)});
  return p;
}

Path Path::index(std::int64_t i) const {
  Path p = *this;
  p.m_steps.emplace_back(IndexStep{i});
  return p;
}

Path Path::key(std::string k) const {
  Path p = *this;
  p.m_steps.emplace_back(KeyStep{std::move(k)});
  return p;
}

Path Path::set_element(Value element) const {
  Path p = *this;
  p.m_steps.emplace_back(SetElementStep{std::move(element)});
  return p;
}

Path Path::parent() const {
  if (m_steps.empty()) throw std::logic_error("cty::Path::parent() of the root path");
  Path p = *this;
  p.m_steps.pop_back();
  return p;
}

std::string Path::render() const {
  std::string out;
  for (const PathStep& step : m_steps) {
    if (auto* a = std::get_if<AttributeStep>(&step)) {
      out.push_back('.');
      out += a->name;
    } else if (auto* i = std::get_if<IndexStep>(&step)) {
      out.push_back('[');
      out += std::to_string(i->index);
      out.push_back(']');
    } else if (auto* k = std::get_if<KeyStep>(&step)) {
      out.push_back('[');
      go_quote(out, k->key);
      out.push_back(']');
    } else {
      out += "[...]";
    }
  }
  return out;
}

std::string Path::pattern() const {
  std::string out;
  for (const PathStep& step : m_steps) {
    if (auto* a = std::get_if<AttributeStep>(&step)) {
      out.push_back('.');
      out += a->name;
    } else {
      out += "[*]";
    }
  }
  return out;
}

bool operator==(const Path& a, const Path& b) {
  if (a.m_steps.size() != b.m_steps.size()) return false;
  for (std::size_t i = 0; i < a.m_steps.size(); ++i) {
    const PathStep& x = a.m_steps[i];
    const PathStep& y = b.m_steps[i];
    if (x.index() != y.index()) return false;
    if (auto* ax = std::get_if<AttributeStep>(&x)) {
      if (ax->name != std::get<AttributeStep>(y).name) return false;
    } else if (auto* ix = std::get_if<IndexStep>(&x)) {
      if (ix->index != std::get<IndexStep>(y).index) return false;
    } else if (auto* kx = std::get_if<KeyStep>(&x)) {
      if (kx->key != std::get<KeyStep>(y).key) return false;
    } else if (!raw_equals(std::get<SetElementStep>(x).element, std::get<SetElementStep>(y).element)) {
      return false;
    }
  }
  return true;
}

const Value* value_at(const Value& root, const Path& path) {
  const Value* cur = &root;
  for (const PathStep& step : path.steps()) {
    if (!cur->is_known() || cur->is_null()) return nullptr;
    Kind kind = cur->type().kind();
    if (auto* a = std::get_if<AttributeStep>(&step)) {
      cur = kind == Kind::Object ? cur->attribute(a->name) : nullptr;
    } else if (auto* i = std::get_if<IndexStep>(&step)) {
      if (kind != Kind::List && kind != Kind::Tuple) return nullptr;
      const auto& elems = cur->elements();
      if (i->index < 0 || static_cast<std::uint64_t>(i->index) >= elems.size()) return nullptr;
      cur = &elems[static_cast<std::size_t>(i->index)];
    } else if (auto* k = std::get_if<KeyStep>(&step)) {
      // A MAP block whose body holds `dynamic` is an object keyed by label (docs/protocol.md §4.4).
      if (kind == Kind::Map) {
        cur = cur->map_find(k->key);
      } else if (kind == Kind::Object) {
        cur = cur->attribute(k->key);
      } else {
        return nullptr;
      }
    } else {
      if (kind != Kind::Set) return nullptr;
      const Value& want = std::get<SetElementStep>(step).element;
      const Value* found = nullptr;
      for (const Value& e : cur->elements()) {
        if (raw_equals(e, want)) {
          found = &e;
          break;
        }
      }
      cur = found;
    }
    if (!cur) return nullptr;
  }
  return cur;
}

}  // namespace tfc::cty
