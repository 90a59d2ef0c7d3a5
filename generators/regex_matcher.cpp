// Thompson's construction and a breadth-first simulation (see regex_matcher.hpp).
#include "generators/regex_matcher.hpp"

#include <algorithm>
#include <utility>

namespace tfc::gen {
namespace {

using NodeKind = RegexNode::Kind;
using Inst = RegexProgram::Inst;

constexpr std::size_t kMaxInstructions = 200000;  // a bound on the compiled matcher

class Compiler {
public:
  bool compile(const RegexNode& root) {
    emit(root);
    if (m_prog.size() > kMaxInstructions) return false;
    m_prog.push_back(Inst{});
    return true;
  }
  std::vector<Inst>& program() { return m_prog; }

private:
  std::size_t add(Inst i) {
    m_prog.push_back(i);
    return m_prog.size() - 1;
  }

  void emit(const RegexNode& n) {
    if (m_prog.size() > kMaxInstructions) return;
    switch (n.kind) {
      case NodeKind::Empty: return;
      case NodeKind::Chars: {
        Inst i;
        i.op = Inst::Char;
        for (char c : n.chars) i.set[static_cast<unsigned char>(c)] = true;
        add(i);
        return;
      }
      case NodeKind::Concat:
        for (const auto& c : n.children) emit(c);
        return;
      case NodeKind::Alternate: {
        std::vector<std::size_t> jumps;
        for (std::size_t k = 0; k < n.children.size(); ++k) {
          if (k + 1 == n.children.size()) {
            emit(n.children[k]);
            break;
          }
          const std::size_t split = add(Inst{Inst::Split});
          m_prog[split].x = split + 1;
          emit(n.children[k]);
          jumps.push_back(add(Inst{Inst::Jmp}));
          m_prog[split].y = m_prog.size();
        }
        for (std::size_t j : jumps) m_prog[j].x = m_prog.size();
        return;
      }
      case NodeKind::Repeat: {
        const RegexNode& body = n.children.front();
        for (std::size_t k = 0; k < n.min; ++k) emit(body);
        if (n.unbounded) {
          const std::size_t split = add(Inst{Inst::Split});
          m_prog[split].x = split + 1;
          emit(body);
          const std::size_t jmp = add(Inst{Inst::Jmp});
          m_prog[jmp].x = split;
          m_prog[split].y = m_prog.size();
          return;
        }
        std::vector<std::size_t> splits;
        for (std::size_t k = n.min; k < n.max; ++k) {
          const std::size_t split = add(Inst{Inst::Split});
          m_prog[split].x = split + 1;
          splits.push_back(split);
          emit(body);
        }
        for (std::size_t s : splits) m_prog[s].y = m_prog.size();
        return;
      }
    }
  }

  std::vector<Inst> m_prog;
};

void add_thread(const std::vector<Inst>& prog, std::vector<std::size_t>& list, std::vector<std::size_t>& mark,
                std::size_t generation, std::size_t pc) {
  std::vector<std::size_t> stack{pc};
  while (!stack.empty()) {
    const std::size_t p = stack.back();
    stack.pop_back();
    if (mark[p] == generation) continue;
    mark[p] = generation;
    const Inst& i = prog[p];
    if (i.op == Inst::Jmp)
      stack.push_back(i.x);
    else if (i.op == Inst::Split) {
      stack.push_back(i.y);
      stack.push_back(i.x);
    } else
      list.push_back(p);
  }
}

bool run(const std::vector<Inst>& prog, std::string_view s) {
  std::vector<std::size_t> mark(prog.size(), 0);
  std::size_t generation = 1;
  std::vector<std::size_t> current, next;
  add_thread(prog, current, mark, generation, 0);
  for (char ch : s) {
    ++generation;
    next.clear();
    for (std::size_t p : current) {
      const Inst& i = prog[p];
      if (i.op == Inst::Char && i.set[static_cast<unsigned char>(ch)]) add_thread(prog, next, mark, generation, p + 1);
    }
    std::swap(current, next);
    if (current.empty()) return false;
  }
  return std::any_of(current.begin(), current.end(), [&](std::size_t p) { return prog[p].op == Inst::Match; });
}

}  // namespace

std::optional<RegexProgram> compile_regex(const RegexNode& root) {
  Compiler compiler;
  if (!compiler.compile(root)) return std::nullopt;
  return RegexProgram{std::move(compiler.program())};
}

bool program_matches(const RegexProgram& program, std::string_view s) { return run(program.instructions, s); }

}  // namespace tfc::gen
