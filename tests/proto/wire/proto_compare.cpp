#include "tests/proto/wire/proto_compare.hpp"

#include <set>

namespace tfc::wire_check {

// --- Implementation ---

namespace {

using google::protobuf::Descriptor;
using google::protobuf::EnumDescriptor;
using google::protobuf::FieldDescriptor;
using google::protobuf::FileDescriptor;
using google::protobuf::ServiceDescriptor;

std::string last_component(const std::string& full_name) {
  const auto dot = full_name.rfind('.');
  return dot == std::string::npos ? full_name : full_name.substr(dot + 1);
}

bool is_prefix_scope(std::string_view scope, std::string_view name) {
  return name.size() > scope.size() && name.substr(0, scope.size()) == scope && name[scope.size()] == '.';
}

std::string label_of(const FieldDescriptor& f) {
  switch (f.label()) {
    case FieldDescriptor::LABEL_REPEATED: return "repeated";
    case FieldDescriptor::LABEL_REQUIRED: return "required";
    case FieldDescriptor::LABEL_OPTIONAL: break;
  }
  return f.has_optional_keyword() ? "optional" : "singular";
}

std::string oneof_of(const FieldDescriptor& f) {
  const auto* oneof = f.real_containing_oneof();
  return oneof == nullptr ? "no oneof" : "oneof " + oneof->name();
}

/// One walk over the public file, looking each element up in ours under the name it has there.
class Comparison {
public:
  Comparison(const FileDescriptor& ours, std::span<const Deliberate> deliberate)
      : m_ours(ours), m_deliberate(deliberate) {}

  std::vector<std::string> run(const FileDescriptor& upstream) {
    if (upstream.package() != m_ours.package()) {
      differ(upstream.name(), "package", upstream.package(), m_ours.package());
    }
    for (int i = 0; i < upstream.message_type_count(); ++i) message(*upstream.message_type(i));
    for (int i = 0; i < upstream.enum_type_count(); ++i) enumeration(*upstream.enum_type(i));
    for (int i = 0; i < upstream.service_count(); ++i) service(*upstream.service(i));
    ours_only();
    for (const auto& d : m_deliberate) {
      if (!m_applied.count(&d)) {
        m_out.push_back(std::string(d.upstream.empty() ? d.ours : d.upstream) +
                        ": listed as a deliberate difference, but the files do not differ there");
      }
    }
    return std::move(m_out);
  }

private:
  /// The listed entry for exactly this upstream name, marked as applied.
  const Deliberate* listed(const std::string& upstream_name) {
    for (const auto& d : m_deliberate) {
      if (!d.upstream.empty() && d.upstream == upstream_name) {
        m_applied.insert(&d);
        return &d;
      }
    }
    return nullptr;
  }

  /// True when the element, or a scope it is nested in, is listed as left out of ours.
  bool left_out(const std::string& upstream_name) {
    const Deliberate* exact = listed(upstream_name);
    if (exact != nullptr && exact->ours.empty()) {
      m_left_out.insert(ours_name(upstream_name));
      return true;
    }
    if (exact != nullptr) return false;
    for (const auto& d : m_deliberate) {
      if (d.ours.empty() && !d.upstream.empty() && is_prefix_scope(d.upstream, upstream_name)) return true;
    }
    return false;
  }

  /// Our full name for an upstream full name: the longest listed rename of it or of a scope
  /// around it applies.
  std::string ours_name(const std::string& upstream_name) const {
    const Deliberate* best = nullptr;
    for (const auto& d : m_deliberate) {
      if (d.ours.empty() || d.upstream.empty()) continue;
      if (d.upstream != upstream_name && !is_prefix_scope(d.upstream, upstream_name)) continue;
      if (best == nullptr || d.upstream.size() > best->upstream.size()) best = &d;
    }
    if (best == nullptr) return upstream_name;
    return std::string(best->ours) + upstream_name.substr(best->upstream.size());
  }

  void differ(const std::string& where, std::string_view what, const std::string& upstream_value,
              const std::string& ours_value) {
    m_out.push_back(where + ": " + std::string(what) + " is " + upstream_value + " in the public file, " + ours_value +
                    " in ours");
  }

  void missing(const std::string& upstream_name, std::string_view kind) {
    m_out.push_back(upstream_name + ": " + std::string(kind) + " of the public file missing from ours (as " +
                    ours_name(upstream_name) + "); if on purpose, list it with the reason");
  }

  void message(const Descriptor& u) {
    if (left_out(u.full_name())) return;
    const Descriptor* o = m_ours.pool()->FindMessageTypeByName(ours_name(u.full_name()));
    if (o == nullptr || o->file() != &m_ours) return missing(u.full_name(), "message");
    m_matched.insert(o);
    for (int i = 0; i < u.field_count(); ++i) field(*u.field(i), *o);
    for (int i = 0; i < u.nested_type_count(); ++i) message(*u.nested_type(i));
    for (int i = 0; i < u.enum_type_count(); ++i) enumeration(*u.enum_type(i));
  }

  void field(const FieldDescriptor& u, const Descriptor& ours_parent) {
    const std::string& name = u.full_name();
    if (left_out(name)) return;
    const FieldDescriptor* o = ours_parent.FindFieldByName(last_component(ours_name(name)));
    if (o == nullptr) return missing(name, "field");
    m_matched.insert(o);
    if (u.number() != o->number()) differ(name, "number", std::to_string(u.number()), std::to_string(o->number()));
    if (u.type() != o->type()) differ(name, "type", u.type_name(), o->type_name());
    if (label_of(u) != label_of(*o)) differ(name, "label", label_of(u), label_of(*o));
    if (oneof_of(u) != oneof_of(*o)) differ(name, "oneof membership", oneof_of(u), oneof_of(*o));
    if (u.is_packed() != o->is_packed()) {
      differ(name, "packing", u.is_packed() ? "packed" : "unpacked", o->is_packed() ? "packed" : "unpacked");
    }
    if (u.message_type() != nullptr && o->message_type() != nullptr) {
      const std::string expected = ours_name(u.message_type()->full_name());
      if (expected != o->message_type()->full_name()) {
        differ(name, "message type", expected, o->message_type()->full_name());
      }
    }
    if (u.enum_type() != nullptr && o->enum_type() != nullptr) {
      const std::string expected = ours_name(u.enum_type()->full_name());
      if (expected != o->enum_type()->full_name()) differ(name, "enum type", expected, o->enum_type()->full_name());
    }
  }

  void enumeration(const EnumDescriptor& u) {
    if (left_out(u.full_name())) return;
    const EnumDescriptor* o = m_ours.pool()->FindEnumTypeByName(ours_name(u.full_name()));
    if (o == nullptr || o->file() != &m_ours) return missing(u.full_name(), "enum");
    m_matched.insert(o);
    for (int i = 0; i < u.value_count(); ++i) {
      // Named in the enum's scope (protobuf scopes values beside their enum, which would
      // hide which enum a line is about).
      const std::string name = u.full_name() + "." + u.value(i)->name();
      if (left_out(name)) continue;
      const auto* value = o->FindValueByName(last_component(ours_name(name)));
      if (value == nullptr) {
        missing(name, "enum value");
        continue;
      }
      m_matched.insert(value);
      if (value->number() != u.value(i)->number()) {
        differ(name, "number", std::to_string(u.value(i)->number()), std::to_string(value->number()));
      }
    }
  }

  void service(const ServiceDescriptor& u) {
    if (left_out(u.full_name())) return;
    const ServiceDescriptor* o = m_ours.pool()->FindServiceByName(ours_name(u.full_name()));
    if (o == nullptr || o->file() != &m_ours) return missing(u.full_name(), "service");
    m_matched.insert(o);
    for (int i = 0; i < u.method_count(); ++i) {
      const auto& um = *u.method(i);
      if (left_out(um.full_name())) continue;
      const auto* om = o->FindMethodByName(last_component(ours_name(um.full_name())));
      if (om == nullptr) {
        missing(um.full_name(), "method");
        continue;
      }
      m_matched.insert(om);
      const std::string in = ours_name(um.input_type()->full_name());
      const std::string out = ours_name(um.output_type()->full_name());
      if (in != om->input_type()->full_name()) differ(um.full_name(), "request", in, om->input_type()->full_name());
      if (out != om->output_type()->full_name()) {
        differ(um.full_name(), "response", out, om->output_type()->full_name());
      }
      const auto streaming = [](bool s) { return std::string(s ? "a stream" : "one message"); };
      if (um.client_streaming() != om->client_streaming()) {
        differ(um.full_name(), "request", streaming(um.client_streaming()), streaming(om->client_streaming()));
      }
      if (um.server_streaming() != om->server_streaming()) {
        differ(um.full_name(), "response", streaming(um.server_streaming()), streaming(om->server_streaming()));
      }
    }
  }

  /// Elements of ours the walk never reached: invented, or renamed without being listed.
  void ours_only() {
    for (int i = 0; i < m_ours.message_type_count(); ++i) ours_only(*m_ours.message_type(i));
    for (int i = 0; i < m_ours.enum_type_count(); ++i) ours_only(*m_ours.enum_type(i));
    for (int i = 0; i < m_ours.service_count(); ++i) {
      const auto& s = *m_ours.service(i);
      if (!matched(&s, s.full_name())) continue;
      for (int j = 0; j < s.method_count(); ++j) matched(s.method(j), s.method(j)->full_name());
    }
  }

  void ours_only(const Descriptor& o) {
    if (!matched(&o, o.full_name())) return;
    for (int i = 0; i < o.field_count(); ++i) matched(o.field(i), o.field(i)->full_name());
    for (int i = 0; i < o.nested_type_count(); ++i) ours_only(*o.nested_type(i));
    for (int i = 0; i < o.enum_type_count(); ++i) ours_only(*o.enum_type(i));
  }

  void ours_only(const EnumDescriptor& o) {
    if (!matched(&o, o.full_name())) return;
    for (int i = 0; i < o.value_count(); ++i) matched(o.value(i), o.full_name() + "." + o.value(i)->name());
  }

  /// False (and one line) when an element of ours has no counterpart in the public file and
  /// is not listed as ours only.
  bool matched(const void* element, const std::string& ours_full_name) {
    if (m_matched.count(element)) return true;
    for (const auto& d : m_deliberate) {
      if (d.upstream.empty() && d.ours == ours_full_name) {
        m_applied.insert(&d);
        return false;
      }
    }
    if (m_left_out.count(ours_full_name)) {
      m_out.push_back(ours_full_name + ": listed as left out of ours, but ours has it");
    } else {
      m_out.push_back(ours_full_name + ": in ours only, not in the public file");
    }
    return false;
  }

  const FileDescriptor& m_ours;
  std::span<const Deliberate> m_deliberate;
  std::set<const void*> m_matched;
  std::set<const Deliberate*> m_applied;
  std::set<std::string> m_left_out;  // our names of what the list says we leave out
  std::vector<std::string> m_out;
};

}  // namespace

std::vector<std::string> differences(const FileDescriptor& ours, const FileDescriptor& upstream,
                                     std::span<const Deliberate> deliberate) {
  return Comparison(ours, deliberate).run(upstream);
}

}  // namespace tfc::wire_check
