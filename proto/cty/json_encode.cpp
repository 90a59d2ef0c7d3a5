// cty JSON encoding (docs/protocol.md §3.5): compact, sorted keys, dynamic positions wrapped as
// {"value":V,"type":T}, numbers as exact decimals.
#include "proto/cty/json.hpp"
#include "proto/cty/json_escape.hpp"
#include "proto/cty/path_tracker.hpp"
#include "proto/cty/type_json.hpp"

namespace tfc::cty {

namespace {

class JsonEncoder {
public:
  explicit JsonEncoder(std::string& out) : m_out(out) {}

  bool encode(const Value& v, const Type& t) {
    // Like go-cty: a typed value at a dynamic position carries its type; untyped null is null.
    if (t.is_dynamic() && !v.type().is_dynamic()) {
      m_out += "{\"value\":";
      if (!encode(v, v.type())) return false;
      m_out += ",\"type\":";
      m_out += type_to_json(v.type());
      m_out.push_back('}');
      return true;
    }
    if (v.is_null()) {
      m_out += "null";
      return true;
    }
    if (!v.is_known()) return fail("value is not known");
    if (v.type().kind() != t.kind()) {
      return fail("value of type " + v.type().friendly_name() + " does not conform to " + t.friendly_name());
    }
    switch (t.kind()) {
      case Kind::String: append_go_json_string(m_out, v.as_string()); return true;
      case Kind::Number:
        if (v.as_number().is_infinite()) return fail("infinity cannot be written in JSON");
        m_out += v.as_number().canonical();
        return true;
      case Kind::Bool: m_out += v.as_bool() ? "true" : "false"; return true;
      case Kind::List:
      case Kind::Set:
      case Kind::Tuple: {
        const auto& elems = v.elements();
        const std::vector<Type>* types = t.kind() == Kind::Tuple ? &t.tuple_elements() : nullptr;
        if (types && types->size() != elems.size()) return fail("tuple length does not match its type");
        m_out.push_back('[');
        for (std::size_t i = 0; i < elems.size(); ++i) {
          if (i + 2 < elems.size()) elems[i + 2].prefetch();
          if (i) m_out.push_back(',');
          if (!encode(elems[i], types ? (*types)[i] : t.element())) {
            return t.kind() == Kind::Set ? m_path.set_element() : m_path.index(static_cast<std::int64_t>(i));
          }
        }
        m_out.push_back(']');
        return true;
      }
      case Kind::Map: {
        m_out.push_back('{');
        bool first = true;
        for (const auto& [key, val] : v.map_entries()) {
          if (!first) m_out.push_back(',');
          first = false;
          append_go_json_string(m_out, key);
          m_out.push_back(':');
          if (!encode(val, t.element())) return m_path.key(key);
        }
        m_out.push_back('}');
        return true;
      }
      case Kind::Object: {
        const auto& want = t.attributes();
        const auto& have = v.type().attributes();
        const auto& vals = v.attribute_values();
        if (want.size() != have.size()) return fail("object attributes do not match its type");
        m_out.push_back('{');
        bool same = &want == &have;  // sharing the schema's type: names match by construction
        for (std::size_t i = 0; i < want.size(); ++i) {
          if (i + 2 < vals.size()) vals[i + 2].prefetch();
          if (!same && want[i].name != have[i].name) return fail("object attributes do not match its type");
          if (i) m_out.push_back(',');
          append_go_json_string(m_out, want[i].name);
          m_out.push_back(':');
          if (!encode(vals[i], want[i].type)) return m_path.attribute(want[i].name);
        }
        m_out.push_back('}');
        return true;
      }
      case Kind::Dynamic: return fail("value has no type");
    }
    return true;
  }

  std::string error() const { return m_path.prefix() + m_error; }

private:
  bool fail(const std::string& what) {
    m_error = what;
    return false;
  }

  std::string& m_out;
  PathTracker m_path;
  std::string m_error;
};

}  // namespace

Expected<std::string> json_encode(const Value& value, const Type& type) {
  std::string out;
  JsonEncoder enc(out);
  if (!enc.encode(value, type)) return Error{"cty JSON encode: " + enc.error()};
  return out;
}

}  // namespace tfc::cty
